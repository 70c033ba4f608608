import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

let dataDir: string;
let loader: typeof import('../../../app/routes/media').loader;

beforeAll(async () => {
  // A port nothing listens on: the provider is down.
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${port}`;
  process.env.DATA_DIR = dataDir;
  ({ loader } = await import('../../../app/routes/media'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('answers a photo asked for while the provider is down with a 503 not to be cached, not a server error', async () => {
  const response = await loader({ params: { '*': 'shops/abc/main.jpg' } } as never);
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.text()).toBe('This photo cannot be loaded right now.');
});
