import cluster from 'node:cluster';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { tellWorker } from '#web-server/cluster/tell-worker.ts';

test('telling a worker that died before the primary heard of it neither throws nor emits an error', async () => {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../../../support/dying-worker.mjs', import.meta.url)), silent: true });
  const worker = cluster.fork();
  const errors: Error[] = [];
  worker.on('error', (error) => errors.push(error));
  await once(worker, 'message');
  // Hold the event loop while the worker dies, so the primary still believes it is connected.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  expect(worker.isConnected()).toBe(true);
  tellWorker(worker, { type: 'news' });
  await once(worker, 'exit');
  expect(errors).toEqual([]);
});
