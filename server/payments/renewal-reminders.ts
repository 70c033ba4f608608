import { and, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AD_REMINDER_DAYS_BEFORE, adReminderDue } from '#rules/ad-plan.ts';
import type { Db } from '#server/db/client.ts';
import { shops, users } from '#server/db/schema.ts';
import { listed } from '#server/shops/queries.ts';

const DAY_MS = 24 * 60 * 60_000;

/** One statement writes the `ad_reminders` row and its mail, so a reminder is recorded and queued or neither. */
export async function queueRenewalReminders(db: Db, now: Date): Promise<{ queued: number }> {
  // A shop a moderator hid cannot be advertised, so it is not asked to renew.
  const endingSoon = between(shops.sponsoredUntil, new Date(now.getTime() - 2 * DAY_MS), new Date(now.getTime() + (AD_REMINDER_DAYS_BEFORE + 2) * DAY_MS));
  const candidates = await db
    .select({ shopId: shops.id, endsAt: shops.sponsoredUntil, email: users.email })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    // Turned off in Settings: no reminder is recorded either, so turning it back on before the day still sends one.
    .where(and(endingSoon, listed, eq(users.renewalMailAlerts, true)));
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

export async function sendRenewalReminders(app: FastifyInstance): Promise<{ queued: number }> {
  const result = await queueRenewalReminders(app.db, app.clock());
  if (result.queued) app.mailQueue.wake();
  return result;
}
