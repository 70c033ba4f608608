import type { Serializable } from 'node:child_process';
import type { Worker } from 'node:cluster';

/**
 * Sends a worker a message, and never throws: a worker can die before the primary hears of it, and a
 * send to it then fails with an 'error' event that nobody listens for, which would end the primary and
 * with it the whole web tier. A worker on its way out needs no news.
 */
export function tellWorker(worker: Worker, message: Serializable): void {
  if (worker.isConnected()) worker.send(message, () => {});
}
