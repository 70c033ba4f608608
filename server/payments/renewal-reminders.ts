import { and, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AD_REMINDER_DAYS_BEFORE, adReminderDue } from '#rules/ad-plan.ts';
import type { Db } from '#server/db/client.ts';
import { shops, users } from '#server/db/schema.ts';
import { listed } from '#server/shops/queries.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues the renewal reminders due now, each once per ad period: the `ad_reminders` row and its mail
 * are written by one statement, so a reminder is either recorded and queued or neither. Runs as a
 * periodic job (one instance at a time); the mail queue sends what it queued.
 */
export async function queueRenewalReminders(db: Db, now: Date): Promise<{ queued: number }> {
  // Only ads ending around now can be due: the sponsored index finds them. A shop a moderator hid
  // cannot be advertised, so it is not asked to renew.
  const endingSoon = between(shops.sponsoredUntil, new Date(now.getTime() - 2 * DAY_MS), new Date(now.getTime() + (AD_REMINDER_DAYS_BEFORE + 2) * DAY_MS));
  const candidates = await db
    .select({ shopId: shops.id, endsAt: shops.sponsoredUntil, email: users.email })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(and(endingSoon, listed));
  let queued = 0;
  for (const { shopId, endsAt, email } of candidates) {
    const kind = endsAt && adReminderDue(endsAt, now);
    if (!kind) continue;
    const { rows } = (await db.execute(sql`
      with recorded as (
        insert into ad_reminders (shop_id, ends_at, kind) values (${shopId}, ${endsAt.toISOString()}::timestamptz, ${kind})
        on conflict do nothing returning shop_id
      )
      insert into mail_outbox (kind, recipient, shop_id) select ${kind}, ${email}, shop_id from recorded returning id`)) as { rows: unknown[] };
    queued += rows.length;
  }
  return { queued };
}

/** The periodic job: queues what is due, then has this instance send it at once. */
export async function sendRenewalReminders(app: FastifyInstance): Promise<{ queued: number }> {
  const result = await queueRenewalReminders(app.db, app.clock());
  if (result.queued) app.mailQueue.wake();
  return result;
}
