import { describe, expect, it } from 'vitest';
import { restartBackoff } from '#scripts/lib/restart-backoff.ts';

/** The delays given to deaths that each come `aliveMs` after the restart before them. */
function delaysFor(deaths: number, aliveMs: number): number[] {
  const backoff = restartBackoff();
  const delays: number[] = [];
  let now = 1_000_000;
  for (let death = 0; death < deaths; death += 1) {
    const delayMs = backoff.delayAfterDeath(now);
    delays.push(delayMs);
    now += delayMs + aliveMs;
  }
  return delays;
}

describe('the wait before a dead server or web worker is started again', () => {
  it('is half a second at first and doubles with each death that follows soon', () => {
    expect(delaysFor(6, 2_000)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('never grows past 30 s, however many deaths follow', () => {
    expect(delaysFor(10, 0).slice(6)).toEqual([30_000, 30_000, 30_000, 30_000]);
  });

  it('is half a second again once the restarted process stayed up a minute', () => {
    const backoff = restartBackoff();
    let now = 0;
    for (const expected of [500, 1_000, 2_000, 4_000]) {
      expect(backoff.delayAfterDeath(now)).toBe(expected);
      now += expected + 10_000;
    }
    // Restarted at `now - 10 s` after the 4 s wait: 59 s up is not yet a minute, 60 s is.
    now += 49_000;
    expect(backoff.delayAfterDeath(now)).toBe(8_000);
    expect(backoff.delayAfterDeath(now + 8_000 + 60_000)).toBe(500);
  });

  it('counts a minute from the restart, not from the death before it', () => {
    const backoff = restartBackoff();
    expect(backoff.delayAfterDeath(0)).toBe(500);
    expect(backoff.delayAfterDeath(1_000)).toBe(1_000);
    // Restarted at 2 s: a death at 61.5 s came after 59.5 s up.
    expect(backoff.delayAfterDeath(61_500)).toBe(2_000);
  });
});
