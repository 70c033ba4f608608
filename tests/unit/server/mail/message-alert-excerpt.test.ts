import { describe, expect, it } from 'vitest';
import { MESSAGE_ALERT_EXCERPT_MAX } from '#rules/limits.ts';
import { alertExcerpt } from '#server/mail/message-alert-mail.ts';

describe("an alert mail's excerpt of a message", () => {
  it('quotes a short message whole, on one line', () => {
    expect(alertExcerpt('Good morning,\n\ndo you have Ankara in blue?')).toBe('Good morning, do you have Ankara in blue?');
  });

  it('cuts a long one between words, within the limit, and says it goes on', () => {
    const excerpt = alertExcerpt(`Good morning, do you have Ankara in blue? I need six yards for my sister's wedding in Enugu next month.`)!;
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(MESSAGE_ALERT_EXCERPT_MAX);
    expect(excerpt).toBe("Good morning, do you have Ankara in blue? I need six yards for my sister's…");
  });

  it.each(['Pay into 0123 456 789 at First Bank', 'See my prices at cheapfabrics.ng', 'Open https://example.ng/pay now'])(
    'quotes nothing of %j, which carries an account number or a link',
    (body) => {
      expect(alertExcerpt(body)).toBeNull();
    },
  );
});
