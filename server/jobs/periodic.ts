import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';

export type PeriodicJob = {
  /** Also names its advisory lock. */
  name: string;
  everyMs: number;
  run: () => Promise<object>;
};

export type PeriodicJobs = {
  /** Stops the timers. A job cut short by the process ending is safe: each can stop anywhere and run again. */
  stop(): void;
};

/** An instance that finds a job's advisory lock taken skips that turn. */
export function startPeriodicJobs(database: Database, jobs: PeriodicJob[], log: FastifyBaseLogger): PeriodicJobs {
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  async function runOnce(job: PeriodicJob): Promise<void> {
    try {
      const result = await database.ifFree(`kasuwa:${job.name}`, job.run);
      if (result === undefined) log.debug(`${job.name}: another instance is running it`);
      else log.info(result, `${job.name} done`);
    } catch (error) {
      // After stop the database is closing under the job: not a failure worth a line.
      if (!stopped) log.error({ err: error }, `${job.name} failed`);
    }
  }

  function schedule(job: PeriodicJob, delayMs: number) {
    const timer = setTimeout(async () => {
      await runOnce(job);
      if (!stopped) schedule(job, job.everyMs);
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  for (const job of jobs) schedule(job, 0);

  return {
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
