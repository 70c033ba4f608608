/**
 * How long the launcher waits before starting a dead server again, and the web tier's primary a dead
 * worker: quickly the first time, ever more slowly while deaths keep coming (something may be killing it
 * on purpose, and each start costs CPU the survivors need), and quickly again once it stayed up a while.
 */
const RESTART_SCHEDULE = { firstMs: 500, maxMs: 30_000, healthyAfterMs: 60_000 };

export type RestartSchedule = typeof RESTART_SCHEDULE;

/** The delays of one process (or one pool of them): 0.5 s, doubling to 30 s; a minute up after a restart starts again from 0.5 s. */
export function restartBackoff(schedule: RestartSchedule = RESTART_SCHEDULE) {
  let nextMs = schedule.firstMs;
  let restartedAt = -Infinity;
  return {
    /** The wait before starting again what died at `now`. */
    delayAfterDeath(now = Date.now()): number {
      if (now - restartedAt >= schedule.healthyAfterMs) nextMs = schedule.firstMs;
      const delayMs = nextMs;
      nextMs = Math.min(nextMs * 2, schedule.maxMs);
      restartedAt = now + delayMs;
      return delayMs;
    },
  };
}

/** `0.5 s`, `30 s`: a delay as the restart messages give it. */
export const inSeconds = (ms: number) => `${ms / 1000} s`;
