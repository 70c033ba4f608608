import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childWorker, WorkerCrashed } from '#server/media/child-worker.ts';

type TestTasks = {
  pid: () => Promise<number>;
  reversed: (data: Buffer) => Promise<Buffer>;
  refuse: (reason: string) => Promise<never>;
  slowPid: (ms: number) => Promise<number>;
  crash: () => Promise<void>;
  hang: () => Promise<never>;
  crashOnce: (marker: string) => Promise<number>;
};

const file = fileURLToPath(new URL('../../../fixtures/test-worker.ts', import.meta.url));
const worker = (idleMs = 60_000, jobTimeoutMs = 60_000) => childWorker<TestTasks>({ file, execArgv: ['--import', 'tsx'], idleMs, jobTimeoutMs });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'kasuwa-worker-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('a child worker', { timeout: 20_000 }, () => {
  it('runs tasks in a process of its own and carries bytes both ways', async () => {
    const { run } = worker();
    const pid = await run('pid', undefined as never);
    expect(pid).not.toBe(process.pid);
    expect(isRunning(pid)).toBe(true);
    const answer = await run('reversed', Buffer.from([1, 2, 3]));
    expect(Buffer.isBuffer(answer)).toBe(true);
    expect([...answer]).toEqual([3, 2, 1]);
    expect(await run('pid', undefined as never)).toBe(pid);
  });

  it("passes a task's error on and keeps serving", async () => {
    const { run } = worker();
    const pid = await run('pid', undefined as never);
    await expect(run('refuse', 'not a photo')).rejects.toThrow('not a photo');
    expect(await run('pid', undefined as never)).toBe(pid);
  });

  it('hands the jobs of a worker that died to a fresh one, the one that killed it included', async () => {
    const { run } = worker();
    const first = await run('pid', undefined as never);
    const bystander = run('slowPid', 300);
    const culprit = run('crashOnce', path.join(scratch, 'once'));
    const [bystanderPid, culpritPid] = await Promise.all([bystander, culprit]);
    expect(culpritPid).not.toBe(first);
    expect(bystanderPid).toBe(culpritPid);
    expect(isRunning(first)).toBe(false);
  });

  it('gives up on a job that kills the worker twice, and goes on with the next', async () => {
    const { run } = worker();
    const error = await run('crash', undefined as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerCrashed);
    expect((error as Error).message).toContain('signal SIGKILL');
    expect(await run('pid', undefined as never)).toBeGreaterThan(0);
  });

  it('kills a worker that does not answer in time, and treats the job as one that crashed it', async () => {
    const { run } = worker(60_000, 400);
    const first = await run('pid', undefined as never);
    const error = await run('hang', undefined as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerCrashed);
    expect((error as Error).message).toContain('no answer within 400 ms');
    expect(isRunning(first)).toBe(false);
    expect(await run('pid', undefined as never)).not.toBe(first);
  });

  it('says so when the worker cannot start at all, rather than blaming the job', async () => {
    const { run } = childWorker<TestTasks>({ file: path.join(scratch, 'missing.js'), execArgv: [], idleMs: 60_000, jobTimeoutMs: 60_000 });
    const error = await run('pid', undefined as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(WorkerCrashed);
    expect((error as Error).message).toMatch(/could not start \(exit code 1\)/);
  });

  it('lets an idle worker go, and starts a fresh one for the next job', async () => {
    const { run } = worker(200);
    const first = await run('pid', undefined as never);
    await delay(100);
    // Work within the idle time keeps it.
    expect(await run('pid', undefined as never)).toBe(first);
    await expect.poll(() => isRunning(first), { timeout: 3000 }).toBe(false);
    const second = await run('pid', undefined as never);
    expect(second).not.toBe(first);
  });
});
