import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, shops } from '#server/db/schema.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { queueRenewalReminders, sendRenewalReminders } from '#server/payments/renewal-reminders.ts';
import { startTestApi, type TestApi } from './support/harness';
import { buyMonth, isOneMonthAfter } from './support/payments';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

const DAY = 24 * 60 * 60_000;
const sent: Mail[] = [];
let now = new Date();
let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  api = await startTestApi({ listen: true, clock: () => now, mailer: { send: async (mail) => void sent.push(mail) } });
  owner = await signUp(api.app);
});
afterAll(() => api.close());

/** Runs the job at `when` and answers the mails it sent. */
async function remindAt(when: Date): Promise<Mail[]> {
  now = when;
  const before = sent.length;
  const { queued } = await sendRenewalReminders(api.app);
  for (let waited = 0; sent.length < before + queued && waited < 5_000; waited += 20) await delay(20);
  return sent.slice(before);
}

async function shopWithAdEnding(name: string, endsAt: Date) {
  const shop = await createShop(api.app, owner.access, { name });
  await api.database.db.update(shops).set({ sponsoredUntil: endsAt }).where(eq(shops.id, shop.id));
  return shop;
}

describe('ad renewal reminders', () => {
  it('go once three days before the end and once on the day it ends, with a link to renew that shop', async () => {
    // 14:00 in Lagos.
    const endsAt = new Date('2031-03-20T13:00:00Z');
    const shop = await shopWithAdEnding('Ada Fabrics', endsAt);

    expect(await remindAt(new Date(endsAt.getTime() - 4 * DAY))).toEqual([]);
    const soon = await remindAt(new Date(endsAt.getTime() - 3 * DAY));
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({ to: owner.email, subject: 'The ad for Ada Fabrics ends on 20 Mar 2031' });
    expect(soon[0]!.text).toContain(`${api.config.webUrl}/shop/${shop.id}/paymentInitiation`);
    expect(soon[0]!.text).toContain('Renew it for ₦5,000');

    expect(await remindAt(new Date(endsAt.getTime() - 3 * DAY + 60_000))).toEqual([]);
    expect(await remindAt(new Date(endsAt.getTime() - 2 * DAY))).toEqual([]);

    const today = await remindAt(new Date(endsAt.getTime() - 2 * 60 * 60_000));
    expect(today).toHaveLength(1);
    expect(today[0]!.text).toContain('ends on 20 Mar 2031');
    expect(await remindAt(new Date(endsAt.getTime() + 60 * 60_000))).toEqual([]);
    expect(await remindAt(new Date(endsAt.getTime() + DAY))).toEqual([]);
  });

  it('a renewed ad gets its own reminders before its new end, none before the old one', async () => {
    const endsAt = new Date('2032-05-10T09:00:00Z');
    const shop = await shopWithAdEnding('Bola Shoes', endsAt);
    now = new Date(endsAt.getTime() - 5 * DAY);
    const { verified } = await buyMonth(api, owner.access, shop.id);
    expect(verified.body.ad.starts_at).toBe(endsAt.toISOString());
    expect(await isOneMonthAfter(api, endsAt.toISOString(), verified.body.ad.ends_at)).toBe(true);

    expect(await remindAt(new Date(endsAt.getTime() - 3 * DAY))).toEqual([]);
    const newEnd = new Date(verified.body.ad.ends_at);
    expect(await remindAt(new Date(newEnd.getTime() - 3 * DAY))).toHaveLength(1);
  });

  it('a reminder queued for an ad renewed before it went out sends nothing', async () => {
    const endsAt = new Date('2033-07-01T12:00:00Z');
    const shop = await shopWithAdEnding('Chika Phones', endsAt);
    now = new Date(endsAt.getTime() - 3 * DAY);
    expect(await queueRenewalReminders(api.database.db, now)).toEqual({ queued: 1 });
    await api.database.db
      .update(shops)
      .set({ sponsoredUntil: new Date(endsAt.getTime() + 31 * DAY) })
      .where(eq(shops.id, shop.id));
    const before = sent.length;
    api.app.mailQueue.wake();
    for (let waited = 0; (await api.database.db.select().from(mailOutbox)).length > 0 && waited < 5_000; waited += 20) await delay(20);
    expect(await api.database.db.select().from(mailOutbox)).toEqual([]);
    expect(sent.length).toBe(before);
  });

  it('a shop a moderator hid is not asked to renew, before or after its reminder was queued', async () => {
    const endsAt = new Date('2035-04-01T12:00:00Z');
    const hideShop = (id: string) => api.database.db.update(shops).set({ hiddenAt: now, hiddenReason: 'Scam' }).where(eq(shops.id, id));
    const queuedThenHidden = await shopWithAdEnding('Femi Gold', endsAt);
    now = new Date(endsAt.getTime() - 3 * DAY);
    expect(await queueRenewalReminders(api.database.db, now)).toEqual({ queued: 1 });
    await hideShop(queuedThenHidden.id);
    const before = sent.length;
    api.app.mailQueue.wake();
    for (let waited = 0; (await api.database.db.select().from(mailOutbox)).length > 0 && waited < 5_000; waited += 20) await delay(20);
    expect(sent.length).toBe(before);

    const hiddenFirst = await shopWithAdEnding('Gbenga Gold', new Date(endsAt.getTime() + DAY));
    await hideShop(hiddenFirst.id);
    expect(await remindAt(new Date(endsAt.getTime() - 2 * DAY))).toEqual([]);
  });

  it("shows its owner when a shop's ad ended, and nothing while it runs or when it never had one", async () => {
    const endsAt = new Date('2034-02-01T10:00:00Z');
    const shop = await shopWithAdEnding('Dayo Bags', endsAt);
    const never = await createShop(api.app, owner.access, { name: 'Efe Prints' });
    const endedAt = async (id: string) => {
      const profile = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(owner.access) });
      return profile.json().shops.find((found: { id: string }) => found.id === id).ad_ended_at;
    };
    now = new Date(endsAt.getTime() - DAY);
    expect(await endedAt(shop.id)).toBeNull();
    now = new Date(endsAt.getTime() + DAY);
    expect(await endedAt(shop.id)).toBe(endsAt.toISOString());
    expect(await endedAt(never.id)).toBeNull();
  });
});
