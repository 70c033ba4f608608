import { describe, expect, it } from 'vitest';
import { adReminderDue, paidAdPeriod } from '#rules/ad-plan.ts';

const at = (iso: string) => new Date(iso);

describe('the month a payment buys', () => {
  it('starts at the end of the ad still running, not today', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(paidAdPeriod(at('2026-11-29T08:30:00.123Z'), now)).toEqual({ startsAt: at('2026-11-29T08:30:00.123Z'), endsAt: at('2026-12-29T08:30:00.123Z') });
  });

  it('starts now when no ad runs or the last one has ended', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(paidAdPeriod(null, now)).toEqual({ startsAt: now, endsAt: at('2026-12-26T10:00:00Z') });
    expect(paidAdPeriod(at('2026-11-20T10:00:00Z'), now)).toEqual({ startsAt: now, endsAt: at('2026-12-26T10:00:00Z') });
  });

  it('counts calendar months: from 31 January it ends on the last day of February', () => {
    expect(paidAdPeriod(null, at('2027-01-31T12:00:00Z')).endsAt).toEqual(at('2027-02-28T12:00:00Z'));
    expect(paidAdPeriod(null, at('2028-01-31T12:00:00Z')).endsAt).toEqual(at('2028-02-29T12:00:00Z'));
    expect(paidAdPeriod(null, at('2026-12-15T12:00:00Z')).endsAt).toEqual(at('2027-01-15T12:00:00Z'));
  });
});

describe('renewal reminders', () => {
  // Ends at 14:00 in Lagos (13:00 UTC) on 30 November.
  const endsAt = at('2026-11-30T13:00:00Z');

  it('none while more than three Lagos days remain', () => {
    expect(adReminderDue(endsAt, at('2026-11-26T22:59:00Z'))).toBeNull();
  });

  it('"ends soon" from three days before, in Lagos days, until the day before', () => {
    expect(adReminderDue(endsAt, at('2026-11-26T23:00:00Z'))).toBe('ad-ends-soon'); // midnight on the 27th in Lagos
    expect(adReminderDue(endsAt, at('2026-11-29T22:59:00Z'))).toBe('ad-ends-soon');
  });

  it('"ends today" on the day it ends, before and after the hour', () => {
    expect(adReminderDue(endsAt, at('2026-11-29T23:00:00Z'))).toBe('ad-ends-today');
    expect(adReminderDue(endsAt, at('2026-11-30T20:00:00Z'))).toBe('ad-ends-today');
  });

  it('none once that day is over', () => {
    expect(adReminderDue(endsAt, at('2026-11-30T23:00:00Z'))).toBeNull();
  });
});
