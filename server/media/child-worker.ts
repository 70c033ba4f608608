import { type ChildProcess, fork } from 'node:child_process';

/** What a worker process does, by name: one input, one answer each (inputs and answers cross the IPC channel). */
export type Tasks = Record<string, (input: never) => Promise<unknown>>;

type Request = { id: number; task: string; input: unknown };
/** Worker → parent: `ready` once it listens, then one answer per request. */
type Reply = { ready: true } | { id: number; output: unknown } | { id: number; error: string };

/** The worker died twice while working on this input. */
export class WorkerCrashed extends Error {}

/** A job in progress when its worker died is tried once more on a fresh one: it may not be what killed it. */
const ATTEMPTS = 2;

type Job = {
  id: number;
  task: string;
  input: unknown;
  attempts: number;
  /** Ends a worker that has not answered this job in time. */
  deadline?: NodeJS.Timeout;
  resolve(output: unknown): void;
  reject(error: Error): void;
};
/** `stuck`: why the parent killed it, when it did. */
type Worker = { child: ChildProcess; ready: boolean; ended: boolean; stuck?: string; jobs: Map<number, Job> };

export type ChildWorkerOptions = {
  /** The worker's script; it calls `serveTasks`. */
  file: string;
  /** Node's options for it, such as `--import tsx` for a TypeScript file. */
  execArgv: string[];
  /** How long the worker waits for work before it is let go; the next job starts a fresh one. */
  idleMs: number;
  /** A job unanswered this long has hung the worker: it is killed, as if it had crashed on the job. */
  jobTimeoutMs: number;
};

/**
 * Runs tasks in one child process, started on the first job and let go after `idleMs` without any, so
 * the memory it used goes back to the system whole. Between jobs it keeps no one alive: neither the
 * parent (nor a test run) waiting for it, nor itself once its parent is gone.
 */
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

/** The worker's side: answers each request with its task's result, and ends with its parent. */
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
  // The parent decides when the worker ends: a terminal's Ctrl-C or a group's SIGTERM reaches it too, while
  // its parent, stopping gracefully, may still be waiting for work in progress here.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  // The channel closes when the parent ends (even by SIGKILL) or lets the worker go.
  process.on('disconnect', () => process.exit(0));
  reply({ ready: true });
}
