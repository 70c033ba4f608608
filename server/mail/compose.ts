import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { adRenewalMailOf } from './ad-renewal-mail';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';
import { passwordResetMailOf } from './reset-password-mail';

/** Writes each queued mail by its kind. */
export function composeMail(db: Db, config: Config, clock: () => Date) {
  const passwordReset = passwordResetMailOf(db, config.jwtSecret, config.webUrl);
  const adRenewal = adRenewalMailOf(db, config.webUrl, clock);
  return (row: OutboxRow): Promise<Mail | null> => (row.kind === 'password-reset' ? passwordReset(row) : adRenewal(row));
}
