import { and, eq } from 'drizzle-orm';
import { adReminderDue } from '#rules/ad-plan.ts';
import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import { isLanguage } from '#rules/i18n/languages.ts';
import { sayerIn } from '#rules/i18n/say.ts';
import { AD_PLAN } from '#rules/limits.ts';
import { priceInNaira } from '#rules/naira.ts';
import type { Db } from '#server/db/client.ts';
import { shops, users } from '#server/db/schema.ts';
import { listed } from '#server/shops/queries.ts';
import { escapeHtml } from './escape-html';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

/** The renewal reminder, in the owner's language: plain text first, as for resets; the link opens the page with the Renew button. */
function adRenewalMail(input: { username: string; shopName: string; endsAt: Date; now: Date; link: string; language: string | null }) {
  const { username, shopName, endsAt, now, link } = input;
  const say = sayerIn(input.language, 'mail');
  const language = isLanguage(input.language) ? input.language : undefined;
  const price = priceInNaira(AD_PLAN.priceNaira);
  const running = endsAt > now;
  const shop = { shop: shopName, when: momentInLagos(endsAt, language) };
  const hello = say('mail.hello', { name: username });
  const when = running ? say('mailRenewal.ends', shop) : say('mailRenewal.ended', shop);
  const renew = running ? say('mailRenewal.noDayLost') : say('mailRenewal.startsNow');
  const signature = say('mail.signature');
  const subject = running
    ? say('mailRenewal.subjectEnds', { shop: shopName, day: dayInLagos(endsAt, language) })
    : say('mailRenewal.subjectEnded', { shop: shopName });
  const text = [hello, '', `${when} ${say('mailRenewal.renewFor', { price })}`, '', link, '', renew, '', signature].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(when)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(say('mailRenewal.link', { price }))}</a></p><p>${escapeHtml(renew)}</p><p>${escapeHtml(signature)}</p>`;
  return { subject, text, html };
}

/** Written when sent: nothing when the shop is gone or hidden, or its ad was renewed meanwhile. */
export function adRenewalMailOf(db: Db, webUrl: string, clock: () => Date) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.shop_id) return null;
    const [shop] = await db
      .select({ id: shops.id, name: shops.name, endsAt: shops.sponsoredUntil, email: users.email, username: users.username, language: users.language })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(and(eq(shops.id, row.shop_id), listed))
      .limit(1);
    const now = clock();
    if (!shop?.endsAt || !adReminderDue(shop.endsAt, now)) return null;
    const link = `${webUrl}/shop/${encodeURIComponent(shop.id)}/paymentInitiation`;
    return { to: shop.email, ...adRenewalMail({ username: shop.username, shopName: shop.name, endsAt: shop.endsAt, now, link, language: shop.language }) };
  };
}
