import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import type { Socket } from 'node:net';
import { tellWorker } from './tell-worker';

/**
 * The web tier's processes take connections from the shared socket themselves (SCHED_NONE, see
 * workers.ts), and the kernel hands a burst of new connections to whichever process is first to look:
 * measured with two processes, one in six bursts of 50 keep-alive connections went wholly to one of
 * them, which then served everything at half the tier's speed while the other idled, for as long as
 * the connections lasted (a proxy in front keeps its connections for hours). Each process therefore
 * tells the primary how many connections it holds, and one holding clearly more than its share closes
 * some after their current answer (`Connection: close`): the client connects again, and the process
 * with fewer, idle and waiting on the socket, takes the new connection.
 */
const OPEN_CONNECTIONS = 'kasuwa:open-connections';
const FAIR_SHARE = 'kasuwa:fair-share';

type BalanceMessage = { type: typeof OPEN_CONNECTIONS | typeof FAIR_SHARE; count: number };

function isBalanceMessage(message: unknown): message is BalanceMessage {
  const { type, count } = (message ?? {}) as Partial<BalanceMessage>;
  return (type === OPEN_CONNECTIONS || type === FAIR_SHARE) && typeof count === 'number';
}

/** How often a process reports its count, when it changed: the counts only need to settle in a second or so. */
const REPORT_EVERY_MS = 250;

/**
 * How many connections a process holding `open`, `closing` of them already on their way out, should
 * close when the fair share is `share`. The margin keeps the ordinary coming and going of visitors from
 * costing anyone a reconnection.
 */
export function excessConnections(open: number, closing: number, share: number): number {
  return Math.max(0, open - closing - (Math.ceil(share * 1.1) + 2));
}

/**
 * In a worker: counts this process's connections, reports them to the primary and returns a check, for
 * each request, of whether its connection should close after the answer. A process closes connections
 * only when it held too many at two reports in a row, and then only that excess: while visitors are
 * arriving, every count runs ahead of the shares worked out from the last reports (measured: 40 new
 * keep-alive connections cost 270 needless reconnections when each answer looked at the share).
 * Outside a cluster it never closes one.
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

/** In the primary: keeps every worker's count and tells them all the fair share whenever it changes. */
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
