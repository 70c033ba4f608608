import { AD_PLAN } from './limits';

/** The renewal reminders: some days before an ad ends, and on the day it ends. */
export type AdReminderKind = 'ad-ends-soon' | 'ad-ends-today';
export const AD_REMINDER_DAYS_BEFORE = 3;

/** Nigeria keeps West Africa Time all year (UTC+1, no summer time). */
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

function lagosDay(date: Date): number {
  return Math.floor((date.getTime() + LAGOS_OFFSET_MS) / DAY_MS);
}

/** Calendar months as PostgreSQL counts them in UTC: a month after 31 January is the last day of February. */
function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const moved = new Date(date);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

/**
 * The month a payment buys: from the end of the ad still running, so renewing early loses no day, or
 * from now when none runs.
 */
export function paidAdPeriod(currentEnd: Date | null, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = currentEnd && currentEnd > now ? currentEnd : now;
  return { startsAt, endsAt: addMonths(startsAt, AD_PLAN.months) };
}

/**
 * The reminder due for an ad ending at `endsAt`, by Lagos calendar days: "ends today" on its last day,
 * "ends soon" from three days before (later, if the days before were missed), otherwise none.
 */
export function adReminderDue(endsAt: Date, now: Date): AdReminderKind | null {
  const daysLeft = lagosDay(endsAt) - lagosDay(now);
  if (daysLeft === 0) return 'ad-ends-today';
  if (daysLeft > 0 && daysLeft <= AD_REMINDER_DAYS_BEFORE) return 'ad-ends-soon';
  return null;
}
