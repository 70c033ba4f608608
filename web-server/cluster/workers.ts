import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { inSeconds, restartBackoff } from '#scripts/lib/restart-backoff.ts';
import { balanceConnections } from './connection-balance';
import { CONTENT_CHANGE_SEEN, CONTENT_CHANGED, isSiblingMessage, type SiblingMessage } from './sibling-workers';
import { tellWorker } from './tell-worker';

export const STOP = 'kasuwa:stop';

type Relay = { from: Worker; id: number; waitingFor: Set<Worker> };

/** The cluster primary: starts the workers, relays news of a write between them, replaces the dead, stops them all. */
export function runWorkers(count: number, log: Logger, announce: () => void): void {
  // With the primary accepting, a connection passed to a worker as it is killed goes unanswered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // With a worker for every core, V8's helper threads only take turns from the other workers.
  const gcFlags = count >= availableParallelism() ? ['--single-threaded-gc'] : [];
  cluster.setupPrimary({ execArgv: [...gcFlags, ...process.execArgv] });
  balanceConnections();
  const relays = new Map<number, Relay>();
  let lastRelay = 0;
  let stopping = false;
  let announced = false;
  let listened = 0;
  const backoff = restartBackoff();
  const restarts = new Set<NodeJS.Timeout>();

  const answerWhenSeen = (relayId: number, entry: Relay) => {
    if (entry.waitingFor.size) return;
    relays.delete(relayId);
    tellWorker(entry.from, { type: CONTENT_CHANGE_SEEN, id: entry.id } satisfies SiblingMessage);
  };

  const relay = (from: Worker, message: SiblingMessage) => {
    if (message.type === CONTENT_CHANGED) {
      lastRelay += 1;
      const others = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && worker !== from && worker.isConnected());
      const entry: Relay = { from, id: message.id, waitingFor: new Set(others) };
      relays.set(lastRelay, entry);
      for (const worker of others) tellWorker(worker, { type: CONTENT_CHANGED, id: lastRelay } satisfies SiblingMessage);
      answerWhenSeen(lastRelay, entry);
      return;
    }
    const entry = relays.get(message.id);
    if (!entry) return;
    entry.waitingFor.delete(from);
    answerWhenSeen(message.id, entry);
  };

  const start = () => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (isSiblingMessage(message)) relay(worker, message);
    });
    worker.on('listening', () => {
      // A stop that came while this worker was still loading found no one listening for it.
      if (stopping) tellWorker(worker, STOP);
      listened += 1;
      // The first worker alone finds a bad setting or a broken build, and says so once.
      if (listened === 1 && !announced) for (let n = 1; n < count; n += 1) start();
      if (!announced && listened === count) {
        announced = true;
        announce();
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    for (const [relayId, entry] of relays) {
      entry.waitingFor.delete(worker);
      answerWhenSeen(relayId, entry);
    }
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
    if (!announced) {
      // Before every worker has listened once, a death means a bad setting or a broken build.
      log.error(`A web worker ${how} as it started; stopping the web tier.`);
      stopAll('SIGKILL');
      process.exit(code || 1);
    }
    const delayMs = backoff.delayAfterDeath();
    log.error(`A web worker ${how}; starting another in ${inSeconds(delayMs)}.`);
    const restart = setTimeout(() => {
      restarts.delete(restart);
      start();
    }, delayMs);
    restarts.add(restart);
  });

  const stopAll = (signal?: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker) continue;
      if (signal) worker.process.kill(signal);
      else tellWorker(worker, STOP);
    }
  };
  const stop = () => {
    if (stopping) {
      stopAll('SIGKILL');
      process.exit(130);
    }
    stopping = true;
    for (const restart of restarts) clearTimeout(restart);
    // With every worker dead and waiting to be replaced, no exit will come to end this process.
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    stopAll();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  start();
}
