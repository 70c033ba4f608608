import type { Serializable } from 'node:child_process';
import type { Worker } from 'node:cluster';

// A send to a worker that died unheard emits an 'error' nobody listens for, which would end the primary.
export function tellWorker(worker: Worker, message: Serializable): void {
  if (worker.isConnected()) worker.send(message, () => {});
}
