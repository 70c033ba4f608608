import { type ChildProcess, fork } from 'node:child_process';

/** Inputs and answers cross the IPC channel. */
export type Tasks = Record<string, (input: never) => Promise<unknown>>;

type Request = { id: number; task: string; input: unknown };
type Reply = { ready: true } | { id: number; output: unknown } | { id: number; error: string };

export class WorkerCrashed extends Error {}

/** A job whose worker died is tried once more on a fresh one: it may not be what killed it. */
const ATTEMPTS = 2;

type Job = {
  id: number;
  task: string;
  input: unknown;
  attempts: number;
  deadline?: NodeJS.Timeout;
  resolve(output: unknown): void;
  reject(error: Error): void;
};
type Worker = { child: ChildProcess; ready: boolean; ended: boolean; stuck?: string; jobs: Map<number, Job> };

export type ChildWorkerOptions = {
  /** The worker's script; it calls `serveTasks`. */
  file: string;
  execArgv: string[];
  idleMs: number;
  /** A job unanswered this long has hung the worker: it is killed, as if it had crashed on the job. */
  jobTimeoutMs: number;
};

/** One child process, let go after `idleMs` without work so its memory goes back to the system whole. */
export function childWorker<T extends Tasks>({ file, execArgv, idleMs, jobTimeoutMs }: ChildWorkerOptions) {
  let current: Worker | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  function send(worker: Worker, job: Job) {
    // A send that fails means the worker is gone; its exit hands the job on.
    worker.child.send({ id: job.id, task: job.task, input: job.input } satisfies Request, () => {});
    job.deadline = setTimeout(() => {
      worker.stuck ??= `no answer within ${jobTimeoutMs} ms`;
      worker.child.kill('SIGKILL');
    }, jobTimeoutMs).unref();
  }

  function holdParent(worker: Worker, hold: boolean) {
    if (hold) {
      worker.child.ref();
      worker.child.channel?.ref();
    } else {
      worker.child.unref();
      worker.child.channel?.unref();
    }
  }

  function settle(worker: Worker) {
    if (worker.jobs.size > 0) return;
    holdParent(worker, false);
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current !== worker || worker.jobs.size > 0) return;
      current = undefined;
      worker.child.disconnect();
    }, idleMs).unref();
  }

  function ended(worker: Worker, how: string) {
    if (worker.ended) return;
    worker.ended = true;
    if (current === worker) current = undefined;
    const jobs = [...worker.jobs.values()];
    worker.jobs.clear();
    how = worker.stuck ?? how;
    for (const job of jobs) {
      clearTimeout(job.deadline);
      if (!worker.ready) job.reject(new Error(`The worker ${file} could not start (${how}).`));
      else if (job.attempts >= ATTEMPTS) job.reject(new WorkerCrashed(`The worker ended (${how}) while working on this job, ${ATTEMPTS} times.`));
      else dispatch(job);
    }
  }

  function start(): Worker {
    const child = fork(file, [], { serialization: 'advanced', execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const worker: Worker = { child, ready: false, ended: false, jobs: new Map() };
    child.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        worker.ready = true;
        for (const job of worker.jobs.values()) send(worker, job);
        return;
      }
      const job = worker.jobs.get(reply.id);
      if (!job) return;
      clearTimeout(job.deadline);
      worker.jobs.delete(reply.id);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.output);
      settle(worker);
    });
    child.on('exit', (code, signal) => ended(worker, signal ? `signal ${signal}` : `exit code ${code}`));
    // Without a process there will be no exit event.
    child.on('error', (error) => {
      if (child.pid === undefined) ended(worker, error.message);
    });
    return worker;
  }

  function dispatch(job: Job) {
    clearTimeout(idleTimer);
    current ??= start();
    const worker = current;
    job.attempts += 1;
    worker.jobs.set(job.id, job);
    holdParent(worker, true);
    if (worker.ready) send(worker, job);
  }

  return {
    run<K extends keyof T & string>(task: K, input: Parameters<T[K]>[0]): Promise<Awaited<ReturnType<T[K]>>> {
      return new Promise((resolve, reject) => {
        dispatch({ id: nextId++, task, input, attempts: 0, resolve: resolve as (output: unknown) => void, reject });
      });
    },
  };
}

export function serveTasks(tasks: Tasks): void {
  const reply = (message: Reply) => process.send!(message);
  process.on('message', ({ id, task, input }: Request) => {
    const work = tasks[task] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!work) return reply({ id, error: `No task called ${task}.` });
    work(input).then(
      (output) => reply({ id, output }),
      (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The parent decides when the worker ends: while it stops gracefully it may still await work here.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  // The channel closes when the parent ends (even by SIGKILL) or lets the worker go.
  process.on('disconnect', () => process.exit(0));
  reply({ ready: true });
}
