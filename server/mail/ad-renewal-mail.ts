import { and, eq } from 'drizzle-orm';
import { adReminderDue } from '#rules/ad-plan.ts';
import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import { AD_PLAN } from '#rules/limits.ts';
import { priceInNaira } from '#rules/price.ts';
import type { Db } from '#server/db/client.ts';
import { shops, users } from '#server/db/schema.ts';
import { listed } from '#server/shops/queries.ts';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The renewal reminder: plain text first, as for resets; the link opens the page with the Renew button. */
function adRenewalMail(input: { username: string; shopName: string; endsAt: Date; now: Date; link: string }) {
  const { username, shopName, endsAt, now, link } = input;
  const price = priceInNaira(AD_PLAN.priceNaira);
  const when = endsAt > now ? `ends on ${momentInLagos(endsAt)}` : `ended on ${momentInLagos(endsAt)}`;
  const renew = endsAt > now ? 'A month bought now starts when this one ends, so no day is lost.' : 'A month bought now starts at once.';
  const subject = endsAt > now ? `The ad for ${shopName} ends on ${dayInLagos(endsAt)}` : `The ad for ${shopName} has ended`;
  const text = [
    `Hello ${username},`,
    '',
    `The ad for your shop ${shopName} ${when}. Renew it for ${price} with one tap:`,
    '',
    link,
    '',
    renew,
    '',
    '— Kasuwa',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(username)},</p><p>The ad for your shop ${escapeHtml(shopName)} ${escapeHtml(when)}.</p><p><a href="${escapeHtml(link)}">Renew for ${escapeHtml(price)}</a></p><p>${escapeHtml(renew)}</p><p>— Kasuwa</p>`;
  return { subject, text, html };
}

/** Written when sent: nothing when the shop is gone or hidden, or its ad was renewed meanwhile. */
export function adRenewalMailOf(db: Db, webUrl: string, clock: () => Date) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.shop_id) return null;
    const [shop] = await db
      .select({ id: shops.id, name: shops.name, endsAt: shops.sponsoredUntil, email: users.email, username: users.username })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(and(eq(shops.id, row.shop_id), listed))
      .limit(1);
    const now = clock();
    if (!shop?.endsAt || !adReminderDue(shop.endsAt, now)) return null;
    const link = `${webUrl}/shop/${encodeURIComponent(shop.id)}/paymentInitiation`;
    return { to: shop.email, ...adRenewalMail({ username: shop.username, shopName: shop.name, endsAt: shop.endsAt, now, link }) };
  };
}
