import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

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

type Json = Record<string, unknown>;
const get = (url: string, person?: SignedUp) => api.app.inject({ method: 'GET', url, headers: person ? bearer(person.access) : {} });
const post = (url: string, person: SignedUp, payload: Json) => api.app.inject({ method: 'POST', url, payload, headers: bearer(person.access) });
const reportShop = (shopId: string, person: SignedUp, payload: Json = { reason: 'scam' }) => post(`/shops/${shopId}/reports`, person, payload);
const act = (path: string, action: string, note: string, person = moderator) => post(`/moderation/${path}/actions`, person, { action, note });
/** A shop with a name no other test's shop has, so the lists and searches below find it alone. */
const uniqueShop = async (word: string) => (await createShop(api.app, owner.access, { name: `Zz${word} Stores`, description: `Only ${word} here` })).id;
const listIds = async (url: string) => {
  const body = (await get(url)).json();
  return [...body.sponsored_shops, ...body.for_you].map((shop: { id: string }) => shop.id);
};

describe('reporting', () => {
  it('keeps one open report per person per shop and says so plainly the second time', async () => {
    const shopId = await uniqueShop('Onereport');
    const buyer = await signUp(api.app);
    const first = await reportShop(shopId, buyer, { reason: 'misleading', details: 'Prices are wrong' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ shop_id: shopId, rating_id: null, reason: 'misleading', details: 'Prices are wrong' });
    const second = await reportShop(shopId, buyer, { reason: 'scam' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: MSG.reportAlreadyOpen });
    // Another person may still report it; once the moderators dismissed it, the first person may again.
    expect((await reportShop(shopId, await signUp(api.app))).statusCode).toBe(201);
    expect((await act(`shops/${shopId}`, 'dismiss', 'Prices checked, they are right')).statusCode).toBe(200);
    expect((await reportShop(shopId, buyer)).statusCode).toBe(201);
  });

  it('asks for a known reason, and for the text when the reason is "other"', async () => {
    const shopId = await uniqueShop('Reasons');
    const buyer = await signUp(api.app);
    expect((await reportShop(shopId, buyer, { reason: 'boring' })).json()).toEqual({ reason: [MSG.reportReasonRequired] });
    expect((await reportShop(shopId, buyer, { reason: 'other', details: '   ' })).json()).toEqual({ details: [MSG.reportDetailsRequired] });
    expect((await reportShop(shopId, buyer, { reason: 'other', details: 'x'.repeat(501) })).json()).toEqual({ details: [MSG.tooLong(500)] });
    expect((await reportShop(shopId, buyer, { reason: 'other', details: 'Sells <b>fake</b> drugs' })).json().details).toBe('Sells <b>fake</b> drugs');
  });

  it(`takes at most ${REPORTS_PER_HOUR} reports an hour from one person`, async () => {
    const shopId = await uniqueShop('Flood');
    const flooder = await signUp(api.app);
    const statuses = [];
    for (let n = 0; n <= REPORTS_PER_HOUR; n++) statuses.push((await reportShop(shopId, flooder)).statusCode);
    expect(statuses.slice(0, REPORTS_PER_HOUR)).toEqual([201, ...Array(REPORTS_PER_HOUR - 1).fill(409)]);
    expect(statuses.at(-1)).toBe(429);
    expect((await reportShop(shopId, await signUp(api.app))).statusCode).toBe(201);
  });

  it('needs a signed-in person', async () => {
    const shopId = await uniqueShop('Signedout');
    const answer = await api.app.inject({ method: 'POST', url: `/shops/${shopId}/reports`, payload: { reason: 'scam' } });
    expect(answer.statusCode).toBe(401);
  });
});

describe('moderator-only endpoints', () => {
  it('answer anyone but a moderator exactly as a path that does not exist: signed out, a bad token, or not a moderator', async () => {
    const shopId = await uniqueShop('Guarded');
    const buyer = await signUp(api.app);
    const nowhere = await get('/moderation/no-such-page');
    expect(nowhere.statusCode).toBe(404);
    const callers: Record<string, Record<string, string>> = {
      'signed out': {},
      'a token that is not one': { authorization: 'Bearer not-a-token' },
      'another scheme': { authorization: 'Basic YWRhOnNlY3JldA==' },
      'a buyer': bearer(buyer.access),
      'a shop owner': bearer(owner.access),
    };
    for (const [who, headers] of Object.entries(callers)) {
      const answers = [
        await api.app.inject({ method: 'GET', url: '/moderation/reports', headers }),
        await api.app.inject({ method: 'GET', url: `/moderation/shops/${shopId}`, headers }),
        await api.app.inject({ method: 'GET', url: `/moderation/shops/${shopId}/reviews/not-an-id`, headers }),
        await api.app.inject({ method: 'POST', url: `/moderation/shops/${shopId}/actions`, headers, payload: { action: 'hide', note: 'Not mine to hide' } }),
        // Not even the body is read: a malformed one gets the same answer.
        await api.app.inject({
          method: 'POST',
          url: `/moderation/shops/${shopId}/actions`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{',
        }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${who}: ${answer.body}`).toBe(404);
        expect(answer.body, who).toBe(nowhere.body);
      }
    }
    expect((await get(`/shops/${shopId}`)).statusCode).toBe(200);
    expect((await get('/moderation/reports', moderator)).statusCode).toBe(200);
  });

  it('list open reports grouped by item, with counts per reason', async () => {
    const shopId = await uniqueShop('Grouped');
    await reportShop(shopId, await signUp(api.app), { reason: 'scam' });
    await reportShop(shopId, await signUp(api.app), { reason: 'scam' });
    await reportShop(shopId, await signUp(api.app), { reason: 'offensive' });
    const { results } = (await get('/moderation/reports', moderator)).json();
    const item = results.find((found: { shop_id: string; kind: string }) => found.shop_id === shopId && found.kind === 'shop');
    expect(item).toMatchObject({ open_reports: 3, reasons: { scam: 2, offensive: 1, misleading: 0 }, hidden_at: null });
  });
});

describe('hiding a shop', () => {
  it('takes it out of the lists, search, suggestions, saved shops, its page and its products, and restoring brings it back', async () => {
    const shopId = await uniqueShop('Quokka');
    const [product] = (await addProducts(api.app, owner.access, shopId, [{ name: 'Quokka phone', price: 5000 }])).json();
    const saver = await signUp(api.app);
    expect((await api.app.inject({ method: 'PUT', url: `/saved/${shopId}/`, headers: bearer(saver.access) })).statusCode).toBeLessThan(300);
    const everywhere = async () => ({
      saved: (await get('/saved/', saver)).json().results.some((s: { id: string }) => s.id === shopId),
      savedCookie: (await get(`/saved/shops?ids=${shopId}`)).json().results.length === 1,
      home: (await listIds('/shops?page_size=100')).includes(shopId),
      search: (await listIds('/shops?q=zzquokka')).includes(shopId),
      rated: (await listIds('/shops?sort=rating&page_size=100')).includes(shopId),
      suggest: (await get('/shops/suggest?q=zzquokka')).json().results.some((s: { id: string }) => s.id === shopId),
      page: (await get(`/shops/${shopId}`)).statusCode,
      products: (await get(`/shops/${shopId}/products`)).statusCode,
      product: (await get(`/shops/products/${product.id}`)).statusCode,
    });
    const shown = { saved: true, savedCookie: true, home: true, search: true, rated: true, suggest: true, page: 200, products: 200, product: 200 };
    expect(await everywhere()).toEqual(shown);
    const hidden = await act(`shops/${shopId}`, 'hide', 'Sells fake phones');
    expect(hidden.statusCode).toBe(200);
    const visitsBefore = (await get(`/shops/${shopId}`, owner)).json().visitor_count;
    expect(await everywhere()).toEqual({
      ...{ saved: false, savedCookie: false, home: false, search: false, rated: false, suggest: false },
      ...{ page: 404, products: 404, product: 404 },
    });
    // A visitor new to it is not counted while it is hidden.
    const newcomer = await api.app.inject({ method: 'GET', url: `/shops/${shopId}`, headers: { 'user-agent': 'A phone new to this shop' } });
    expect(newcomer.statusCode).toBe(404);
    expect((await get(`/shops/${shopId}`, owner)).json().visitor_count).toBe(visitsBefore);
    // Its owner still reads it and its products, and is told why on the profile (/myShop).
    expect((await get(`/shops/${shopId}/products`, owner)).statusCode).toBe(200);
    expect((await get(`/shops/products/${product.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/shops/${shopId}`, await signUp(api.app))).statusCode).toBe(404);
    const mine = (await get('/auth/profile', owner)).json().shops.find((shop: { id: string }) => shop.id === shopId);
    expect(mine.hidden).toMatchObject({ reason: 'Sells fake phones' });
    expect((await reportShop(shopId, await signUp(api.app))).statusCode).toBe(404);

    expect((await act(`shops/${shopId}`, 'restore', 'Owner sent receipts')).statusCode).toBe(200);
    expect(await everywhere()).toEqual(shown);
    expect((await get('/auth/profile', owner)).json().shops.find((shop: { id: string }) => shop.id === shopId).hidden).toBeNull();
  });

  it('keeps a hidden shop, its reports and its log: its owner cannot delete or advertise it, and its short link leads nowhere', async () => {
    const shopId = await uniqueShop('Kept');
    const code = (await get(`/shops/${shopId}`)).json().short_code;
    expect((await get(`/shops/short/${code}`)).statusCode).toBe(200);
    await reportShop(shopId, await signUp(api.app));
    await act(`shops/${shopId}`, 'hide', 'Takes payment and never delivers');
    expect((await get(`/shops/short/${code}`)).statusCode).toBe(404);
    const removal = await api.app.inject({ method: 'DELETE', url: `/shops/${shopId}/delete/`, headers: bearer(owner.access) });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual({ detail: MSG.hiddenShopKept });
    const advert = await post('/ads/payment/initiate/', owner, { shop_id: shopId, amount: 5000 });
    expect(advert.statusCode).toBe(409);
    expect(advert.json()).toEqual({ detail: MSG.hiddenShopKept });
    const detail = (await get(`/moderation/shops/${shopId}`, moderator)).json();
    expect(detail.actions.map((a: { action: string }) => a.action)).toEqual(['hide']);
    // Its page is a 404 to everyone, so the moderators read the shop here before restoring it, its photo by a signed link.
    expect(detail.shop).toMatchObject({ description: 'Only Kept here', image_url: expect.stringMatching(/^http.*\/media\/.+\.jpg\?until=\d+&sig=[\w-]+$/) });
    // Restored, it is the owner's to delete again.
    await act(`shops/${shopId}`, 'restore', 'Refunds made');
    expect((await api.app.inject({ method: 'DELETE', url: `/shops/${shopId}/delete/`, headers: bearer(owner.access) })).statusCode).toBe(204);
  });

  it('keeps every action in the audit log with its note, and refuses an action without one', async () => {
    const shopId = await uniqueShop('Audited');
    await reportShop(shopId, await signUp(api.app), { reason: 'prohibited' });
    const noNote = await act(`shops/${shopId}`, 'hide', '  ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toEqual({ note: [MSG.moderationNoteRequired] });
    expect((await get(`/shops/${shopId}`)).statusCode).toBe(200);
    expect((await act(`shops/${shopId}`, 'hide', 'Guns for sale')).json().open_reports).toEqual([]);
    expect((await act(`shops/${shopId}`, 'hide', 'Again')).statusCode).toBe(409);
    await act(`shops/${shopId}`, 'restore', 'Listing removed by owner');
    const detail = (await get(`/moderation/shops/${shopId}`, moderator)).json();
    expect(detail.actions).toMatchObject([
      { action: 'restore', note: 'Listing removed by owner', moderator: moderator.username },
      { action: 'hide', note: 'Guns for sale', moderator: moderator.username },
    ]);
    expect(detail.actions[0].created_at).toEqual(expect.any(String));
  });
});

describe('hiding a review', () => {
  it('takes it off the shop and out of its average and count, and restoring counts it again', async () => {
    const shopId = await uniqueShop('Reviewed');
    const [kind, rude] = [await signUp(api.app), await signUp(api.app)];
    await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars: 5, review: 'Lovely' }, headers: bearer(kind.access) });
    const rating = (
      await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars: 1, review: 'Insults' }, headers: bearer(rude.access) })
    ).json();
    const reviewPath = `shops/${shopId}/reviews/${rating.id}`;
    const buyer = await signUp(api.app);
    expect((await post(`/shops/${shopId}/ratings/${rating.id}/reports`, buyer, { reason: 'offensive' })).statusCode).toBe(201);
    expect((await post(`/shops/${shopId}/ratings/${rating.id}/reports`, buyer, { reason: 'offensive' })).statusCode).toBe(409);
    const totals = async () => {
      const shop = (await get(`/shops/${shopId}`)).json();
      const reviews = (await get(`/shops/${shopId}/ratings`)).json().results.map((r: { review: string }) => r.review);
      return { average: shop.rating_average, count: shop.rating_count, stars: shop.rating_stars, reviews };
    };
    expect(await totals()).toEqual({ average: 3, count: 2, stars: [1, 0, 0, 0, 1], reviews: ['Insults', 'Lovely'] });
    expect((await act(reviewPath, 'hide', 'Abusive words')).statusCode).toBe(200);
    expect(await totals()).toEqual({ average: 5, count: 1, stars: [0, 0, 0, 0, 1], reviews: ['Lovely'] });
    // Editing a hidden rating keeps it hidden and out of the totals.
    await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars: 2, review: 'Still rude' }, headers: bearer(rude.access) });
    expect(await totals()).toEqual({ average: 5, count: 1, stars: [0, 0, 0, 0, 1], reviews: ['Lovely'] });
    expect((await act(reviewPath, 'restore', 'Reviewer apologised')).statusCode).toBe(200);
    expect(await totals()).toEqual({ average: 3.5, count: 2, stars: [0, 1, 0, 0, 1], reviews: ['Still rude', 'Lovely'] });
    expect((await get(`/moderation/${reviewPath}`, moderator)).json().actions.map((a: { action: string }) => a.action)).toEqual(['restore', 'hide']);
  });

  it('keeps a hidden review and its log: its writer sees it marked hidden and can change it, but not remove it to post it again', async () => {
    const shopId = await uniqueShop('Spammed');
    const spammer = await signUp(api.app);
    const rate = (payload: Json) => api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload, headers: bearer(spammer.access) });
    const rating = (await rate({ stars: 1, review: 'Buy followers at spam.example' })).json();
    const reviewPath = `shops/${shopId}/reviews/${rating.id}`;
    // The page that reports a review shows it, while it is shown to everyone.
    const shown = await get(`/shops/${shopId}/ratings/${rating.id}`);
    expect(shown.json()).toMatchObject({
      id: rating.id,
      stars: 1,
      review: 'Buy followers at spam.example',
      author: spammer.username,
      shop_name: 'ZzSpammed Stores',
    });
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      expect((await get(`/shops/${shopId}/ratings/${unknown}`)).json()).toEqual({ detail: MSG.reviewNotFound });
    }
    await act(reviewPath, 'hide', 'Spam link');
    expect((await get(`/shops/${shopId}/ratings/${rating.id}`)).statusCode).toBe(404);
    const removal = await api.app.inject({ method: 'DELETE', url: `/shops/${shopId}/rating`, headers: bearer(spammer.access) });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual({ detail: MSG.hiddenRatingKept });
    expect((await rate({ stars: 1, review: 'Spam again' })).statusCode).toBe(200);
    expect((await get(`/shops/${shopId}`)).json().rating_count).toBe(0);
    expect((await get(`/moderation/${reviewPath}`, moderator)).json().actions.map((a: { action: string }) => a.action)).toEqual(['hide']);
    expect((await get('/ratings/mine', spammer)).json().results).toMatchObject([{ shop_id: shopId, review: 'Spam again', hidden: true }]);
    // A shop a moderator hid is gone from its raters' lists too.
    await act(`shops/${shopId}`, 'hide', 'Fake shop');
    expect((await get('/ratings/mine', spammer)).json().results).toEqual([]);
  });
});
