import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { adRenewalMailOf } from './ad-renewal-mail';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';
import { messageAlertMailOf } from './message-alert-mail';
import { passwordResetMailOf } from './reset-password-mail';
import { shopHiddenMailOf } from './shop-hidden-mail';

/** Writes each queued mail by its kind. */
export function composeMail(db: Db, config: Config, clock: () => Date) {
  const passwordReset = passwordResetMailOf(db, config.jwtSecret, config.webUrl);
  const adRenewal = adRenewalMailOf(db, config.webUrl, clock);
  const messageAlert = messageAlertMailOf(db, config.webUrl);
  const shopHidden = shopHiddenMailOf(db, config.webUrl, config.moderationEmail);
  return (row: OutboxRow): Promise<Mail | null> => {
    if (row.kind === 'password-reset') return passwordReset(row);
    if (row.kind === 'message-alert') return messageAlert(row);
    if (row.kind === 'shop-hidden') return shopHidden(row);
    return adRenewal(row);
  };
}
