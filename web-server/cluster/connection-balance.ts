import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import type { Socket } from 'node:net';
import { tellWorker } from './tell-worker';

/**
 * With SCHED_NONE the kernel may hand a whole burst of keep-alive connections to one process, so one
 * holding clearly more than its share closes the surplus after their answer (docs/decisions/030-web-tier-processes.md).
 */
const OPEN_CONNECTIONS = 'kasuwa:open-connections';
const FAIR_SHARE = 'kasuwa:fair-share';

type BalanceMessage = { type: typeof OPEN_CONNECTIONS | typeof FAIR_SHARE; count: number };

function isBalanceMessage(message: unknown): message is BalanceMessage {
  const { type, count } = (message ?? {}) as Partial<BalanceMessage>;
  return (type === OPEN_CONNECTIONS || type === FAIR_SHARE) && typeof count === 'number';
}

const REPORT_EVERY_MS = 250;

/** The margin keeps the ordinary coming and going of visitors from costing anyone a reconnection. */
export function excessConnections(open: number, closing: number, share: number): number {
  return Math.max(0, open - closing - (Math.ceil(share * 1.1) + 2));
}

/**
 * In a worker: whether a request's connection should close after its answer. Only an excess seen at two
 * reports in a row counts, since while visitors arrive every count runs ahead of the last shares.
 */
export function connectionBalance(server: http.Server): (socket: Socket) => boolean {
  if (!cluster.isWorker || !process.send) return () => false;
  let open = 0;
  let reported = 0;
  let share = Infinity;
  const closing = new WeakSet<Socket>();
  let closingCount = 0;
  let excessBefore = 0;
  let toClose = 0;
  server.on('connection', (socket: Socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
      if (closing.has(socket)) closingCount -= 1;
    });
  });
  process.on('message', (message: unknown) => {
    if (isBalanceMessage(message) && message.type === FAIR_SHARE) share = message.count;
  });
  setInterval(() => {
    const excess = excessConnections(open, closingCount, share);
    toClose = excessBefore > 0 ? excess : 0;
    excessBefore = excess;
    if (open === reported) return;
    reported = open;
    process.send?.({ type: OPEN_CONNECTIONS, count: open } satisfies BalanceMessage);
  }, REPORT_EVERY_MS).unref();

  return (socket) => {
    if (closing.has(socket)) return true;
    if (toClose <= 0) return false;
    toClose -= 1;
    closing.add(socket);
    closingCount += 1;
    return true;
  };
}

export function balanceConnections(): void {
  const open = new Map<Worker, number>();
  let announced: number | undefined;
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && worker.isConnected());
  const announce = (force = false) => {
    const running = workers();
    const total = running.reduce((sum, worker) => sum + (open.get(worker) ?? 0), 0);
    const share = Math.ceil(total / Math.max(1, running.length));
    if (share === announced && !force) return;
    announced = share;
    for (const worker of running) tellWorker(worker, { type: FAIR_SHARE, count: share } satisfies BalanceMessage);
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isBalanceMessage(message) || message.type !== OPEN_CONNECTIONS) return;
    open.set(worker, message.count);
    announce();
  });
  // A new process holds nothing yet, which lowers everyone's share; it also needs the figure itself.
  cluster.on('listening', () => announce(true));
  cluster.on('exit', (worker) => {
    open.delete(worker);
    announce();
  });
}
