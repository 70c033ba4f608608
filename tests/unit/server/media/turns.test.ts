import { describe, expect, it } from 'vitest';
import { imageTurns } from '#server/media/turns.ts';

/** Work that runs until the test lets it finish, recording when it started. */
function gated(name: string, started: string[]) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    started.push(name);
    await done;
  };
  return { work, finish: () => finish() };
}

describe('image turns', () => {
  it('runs two at once and gives the next turn to the request that started first', async () => {
    const inTurn = imageTurns(2);
    const started: string[] = [];
    const jobs = {
      a: gated('a', started),
      b: gated('b', started),
      late: gated('late', started),
      early: gated('early', started),
      middle: gated('middle', started),
    };
    const running = [inTurn(1, jobs.a.work), inTurn(2, jobs.b.work), inTurn(30, jobs.late.work), inTurn(10, jobs.early.work), inTurn(20, jobs.middle.work)];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    jobs.a.finish();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'early']);
    jobs.b.finish();
    jobs.early.finish();
    await Promise.all([running[1], running[3]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'early', 'middle', 'late']);
    jobs.middle.finish();
    jobs.late.finish();
    await Promise.all(running);
  });

  it('keeps arrival order between requests that started at the same moment, and passes failures on', async () => {
    const inTurn = imageTurns(1);
    const order: number[] = [];
    const failing = inTurn(5, async () => {
      throw new Error('broken photo');
    });
    const rest = [1, 2, 3].map((n) => inTurn(7, async () => void order.push(n)));
    await expect(failing).rejects.toThrow('broken photo');
    await Promise.all(rest);
    expect(order).toEqual([1, 2, 3]);
  });
});
