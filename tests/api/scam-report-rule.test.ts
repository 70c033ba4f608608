import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAM_REPORTS_TO_HIDE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { reports, users, verifiedPhones } from '#server/db/schema.ts';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let moderator: SignedUp;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  moderator = await signUp(api.app);
  await setModerator(api.database.db, moderator.email, true);
});
afterAll(() => api.close());

/** A buyer whose own number is verified, as if they had typed the texted code. */
async function verifiedBuyer(): Promise<SignedUp> {
  const person = await signUp(api.app);
  const [user] = await api.database.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, person.id));
  await api.database.db.insert(verifiedPhones).values({ userId: person.id, phone: user!.phone });
  return person;
}

const report = async (shopId: string, person: SignedUp, reason = 'scam') => {
  const response = await api.app.inject({ method: 'POST', url: `/shops/${shopId}/reports`, payload: { reason }, headers: bearer(person.access) });
  expect(response.statusCode).toBe(201);
};
const visible = async (shopId: string) => (await api.app.inject({ method: 'GET', url: `/shops/${shopId}` })).statusCode === 200;
const ownersView = async (shopId: string) => {
  const profile = (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(owner.access) })).json();
  return (profile.shops as { id: string; hidden: { reason: string } | null }[]).find((shop) => shop.id === shopId)!;
};
const act = (shopId: string, action: string, note: string) =>
  api.app.inject({ method: 'POST', url: `/moderation/shops/${shopId}/actions`, payload: { action, note }, headers: bearer(moderator.access) });
/** The notices mailed to `email` through the file outbox, once `count` are there. */
async function noticesTo(email: string, count: number): Promise<string[]> {
  const outbox = path.join(api.dataDir, 'outbox');
  for (const started = Date.now(); Date.now() - started < 5_000; await delay(50)) {
    const mails = await Promise.all((await readdir(outbox).catch(() => [] as string[])).map((name) => readFile(path.join(outbox, name), 'utf8')));
    const notices = mails.filter((mail) => mail.includes(`To: ${email}`) && mail.includes('is hidden on Kasuwa'));
    if (notices.length >= count) return notices;
  }
  throw new Error(`fewer than ${count} notices to ${email}`);
}
const newShop = async () => (await createShop(api.app, owner.access)).id;

describe(`scam reports from ${SCAM_REPORTS_TO_HIDE.accounts} phone-verified accounts`, () => {
  it('hide the shop at the second one, tell its owner why, and wait in the queue for a moderator', async () => {
    const shopId = await newShop();
    await report(shopId, await verifiedBuyer());
    await report(shopId, await signUp(api.app));
    await report(shopId, await verifiedBuyer(), 'misleading');
    expect(await visible(shopId)).toBe(true);

    await report(shopId, await verifiedBuyer());
    expect(await visible(shopId)).toBe(false);
    expect((await ownersView(shopId)).hidden).toMatchObject({ reason: MSG.hiddenByScamReports });
    const item = (await api.app.inject({ method: 'GET', url: `/moderation/shops/${shopId}`, headers: bearer(moderator.access) })).json();
    expect(item.open_reports).toHaveLength(4);
    expect(item.actions).toEqual([expect.objectContaining({ action: 'hide', moderator: null, note: MSG.hiddenByScamReports })]);
    // The owner's notice: replying to it is the appeal, so it answers to the moderators.
    const [notice] = await noticesTo(owner.email, 1);
    expect(notice).toContain('Reply-To: Kasuwa moderators <moderation@kasuwa.ng>');
    expect(notice).toContain('reply to this email and say why');
  });

  it('count only reports of the last 30 days', async () => {
    const shopId = await newShop();
    const early = await verifiedBuyer();
    await report(shopId, early);
    await api.database.db
      .update(reports)
      .set({ createdAt: sql`now() - make_interval(days => ${SCAM_REPORTS_TO_HIDE.days + 1})` })
      .where(eq(reports.reporterId, early.id));
    await report(shopId, await verifiedBuyer());
    expect(await visible(shopId)).toBe(true);
  });

  it("start again from nothing after a moderator's restore", async () => {
    const shopId = await newShop();
    await report(shopId, await verifiedBuyer());
    await report(shopId, await verifiedBuyer());
    expect(await visible(shopId)).toBe(false);

    expect((await act(shopId, 'restore', 'Spoke to the owner at the stall: goods are real.')).statusCode).toBe(200);
    expect(await visible(shopId)).toBe(true);
    expect((await ownersView(shopId)).hidden).toBeNull();
    await report(shopId, await verifiedBuyer());
    expect(await visible(shopId)).toBe(true);
    await report(shopId, await verifiedBuyer());
    expect(await visible(shopId)).toBe(false);
  });

  it("stay hidden with the moderator's note when a moderator hides the shop, and show again when the reports are dismissed", async () => {
    const kept = await newShop();
    await report(kept, await verifiedBuyer());
    await report(kept, await verifiedBuyer());
    expect((await act(kept, 'hide', 'Took deposits and sent nothing.')).statusCode).toBe(200);
    expect((await ownersView(kept)).hidden).toMatchObject({ reason: 'Took deposits and sent nothing.' });
    const item = (await api.app.inject({ method: 'GET', url: `/moderation/shops/${kept}`, headers: bearer(moderator.access) })).json();
    expect(item.open_reports).toEqual([]);

    const dismissed = await newShop();
    await report(dismissed, await verifiedBuyer());
    await report(dismissed, await verifiedBuyer());
    expect((await act(dismissed, 'dismiss', 'The two reporters are one person.')).statusCode).toBe(200);
    expect(await visible(dismissed)).toBe(true);
  });
});
