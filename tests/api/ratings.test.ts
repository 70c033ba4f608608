import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_WRITES_PER_HOUR } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access)).id;
});
afterAll(() => api.close());

const rate = (person: SignedUp, payload: unknown, id = shopId) =>
  api.app.inject({ method: 'PUT', url: `/shops/${id}/rating/`, payload: payload as object, headers: bearer(person.access) });
const shop = async (id = shopId) => (await api.app.inject({ method: 'GET', url: `/shops/${id}` })).json();

describe('rating a shop', () => {
  it('keeps one rating per person: rating again edits it, and the shop’s totals follow', async () => {
    const buyer = await signUp(api.app);
    const first = await rate(buyer, { stars: 2, review: 'Slow service' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ stars: 2, review: 'Slow service', author: buyer.username });
    const again = await rate(buyer, { stars: 5, review: 'They made it right' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const mine = await api.app.inject({ method: 'GET', url: `/shops/${shopId}/rating`, headers: bearer(buyer.access) });
    expect(mine.json()).toMatchObject({ stars: 5, review: 'They made it right' });
    const list = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/ratings` })).json();
    expect(list.results.filter((rating: { author: string }) => rating.author === buyer.username)).toHaveLength(1);
    const { rows } = (await api.database.db.execute(sql`select count(*)::int as count from ratings where shop_id = ${shopId}`)) as unknown as {
      rows: { count: number }[];
    };
    expect((await shop()).rating_count).toBe(rows[0]!.count);
  });

  it('refuses the owner’s rating of their own shop, and says so when asked for it', async () => {
    const answer = await rate(owner, { stars: 5 });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: MSG.ownShopRating });
    const asked = await api.app.inject({ method: 'GET', url: `/shops/${shopId}/rating`, headers: bearer(owner.access) });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ detail: MSG.ownShopRating });
  });

  it('asks for 1 to 5 whole stars and a review of at most 500 characters, storing the text as typed', async () => {
    const buyer = await signUp(api.app);
    // Values that only convert to a number of stars are refused too.
    for (const stars of [0, 6, 2.5, 'many', undefined, true, [4], '0x4', '4e0', ' 4']) {
      const answer = await rate(buyer, { stars });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ stars: [MSG.ratingStarsRequired] });
    }
    expect((await rate(buyer, { stars: 4, review: 'x'.repeat(501) })).json()).toEqual({ review: [MSG.tooLong(500)] });
    const typed = '<script>alert("hi")</script> & “Ọjà” 🙂';
    const saved = await rate(buyer, { stars: 4, review: typed });
    expect(saved.json().review).toBe(typed);
    expect((await rate(buyer, { stars: 4, review: 'y'.repeat(500) })).statusCode).toBe(200);
    // A form sends the line breaks of a full review box as CRLF; each counts as one character, as the box counted it.
    const lines = await rate(buyer, { stars: 4, review: `${'a'.repeat(245)}${'\r\n'.repeat(10)}${'b'.repeat(245)}` });
    expect(lines.statusCode).toBe(200);
    expect(lines.json().review).toBe(`${'a'.repeat(245)}${'\n'.repeat(10)}${'b'.repeat(245)}`);
  });

  it('answers 401 to a visitor who is not signed in, and 404 for a shop that does not exist', async () => {
    expect((await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars: 3 } })).statusCode).toBe(401);
    const buyer = await signUp(api.app);
    expect((await rate(buyer, { stars: 3 }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await rate(buyer, { stars: 3 }, 'not-an-id')).statusCode).toBe(404);
  });

  it(`lets one person save or remove ratings ${RATING_WRITES_PER_HOUR} times an hour, then answers 429 to them alone`, async () => {
    const busy = await signUp(api.app);
    for (let i = 0; i < RATING_WRITES_PER_HOUR; i += 1) expect((await rate(busy, { stars: (i % 5) + 1 })).statusCode).toBeLessThan(300);
    const refused = await rate(busy, { stars: 1 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const removal = await api.app.inject({ method: 'DELETE', url: `/shops/${shopId}/rating`, headers: bearer(busy.access) });
    expect(removal.statusCode).toBe(429);
    expect((await rate(await signUp(api.app), { stars: 1 })).statusCode).toBe(201);
  });
});

describe('a shop’s ratings', () => {
  it('keeps the average, count and distribution on the shop, through edits and removals, and deletes ratings with their shop', async () => {
    const id = (await createShop(api.app, owner.access)).id;
    const people = await Promise.all([1, 2, 3].map(() => signUp(api.app)));
    await Promise.all(people.map((person, i) => rate(person, { stars: [5, 4, 4][i] }, id)));
    expect(await shop(id)).toMatchObject({ rating_count: 3, rating_average: 4.33, rating_stars: [0, 0, 0, 2, 1] });
    await rate(people[0]!, { stars: 1 }, id);
    expect(await shop(id)).toMatchObject({ rating_count: 3, rating_average: 3, rating_stars: [1, 0, 0, 2, 0] });
    const removed = await api.app.inject({ method: 'DELETE', url: `/shops/${id}/rating`, headers: bearer(people[0]!.access) });
    expect(removed.statusCode).toBe(204);
    expect(await shop(id)).toMatchObject({ rating_count: 2, rating_average: 4, rating_stars: [0, 0, 0, 2, 0] });
    const again = await api.app.inject({ method: 'DELETE', url: `/shops/${id}/rating`, headers: bearer(people[0]!.access) });
    expect(again.json()).toEqual({ detail: MSG.ratingNotFound });
    const list = (await api.app.inject({ method: 'GET', url: '/shops?page_size=100' })).json();
    expect(list.for_you.find((card: { id: string }) => card.id === id)).toMatchObject({ rating_count: 2, rating_average: 4 });
    const deleted = await api.app.inject({ method: 'DELETE', url: `/shops/${id}/delete`, headers: bearer(owner.access) });
    expect(deleted.statusCode).toBe(204);
    const mine = (await api.app.inject({ method: 'GET', url: '/ratings/mine', headers: bearer(people[1]!.access) })).json();
    expect(mine.results.some((rating: { shop_id: string }) => rating.shop_id === id)).toBe(false);
  });

  it('shows the newest three reviews with the shop and pages the rest newest first', async () => {
    const id = (await createShop(api.app, owner.access)).id;
    const people = [];
    for (let i = 1; i <= 5; i += 1) {
      const person = await signUp(api.app);
      people.push(person);
      await rate(person, { stars: 3, review: `Review ${i}` }, id);
    }
    const page = async (n: number) => (await api.app.inject({ method: 'GET', url: `/shops/${id}/ratings?page=${n}&page_size=2` })).json();
    const first = await page(1);
    expect(first.results.map((r: { review: string }) => r.review)).toEqual(['Review 5', 'Review 4']);
    expect(first).toMatchObject({ next_page: 2, shop_name: 'Mama Nkechi Kitchen' });
    expect((await shop(id)).latest_ratings.map((r: { review: string }) => r.review)).toEqual(['Review 5', 'Review 4', 'Review 3']);
    const last = await page(3);
    expect(last.results.map((r: { review: string }) => r.review)).toEqual(['Review 1']);
    expect(last.next_page).toBeNull();
  });

  it('lists what I rated, last saved first, and only mine', async () => {
    const me = await signUp(api.app);
    const older = await createShop(api.app, owner.access, { name: 'Older rated' });
    const newer = await createShop(api.app, owner.access, { name: 'Newer rated' });
    await rate(me, { stars: 2 }, older.id);
    await rate(me, { stars: 5, review: 'Great' }, newer.id);
    const mine = (await api.app.inject({ method: 'GET', url: '/ratings/mine', headers: bearer(me.access) })).json();
    expect(mine.results.map((r: { shop_name: string; stars: number }) => [r.shop_name, r.stars])).toEqual([
      ['Newer rated', 5],
      ['Older rated', 2],
    ]);
    expect((await api.app.inject({ method: 'GET', url: '/ratings/mine' })).statusCode).toBe(401);
  });
});

describe('sorting by rating', () => {
  it('puts the best rated first, more ratings first among equal averages, then the newest; page by page', async () => {
    const ids: Record<string, string> = {};
    for (const name of ['Unrated', 'Four once', 'Five once', 'Five twice', 'Three']) {
      ids[name] = (await createShop(api.app, owner.access, { name: `Sortcase ${name}` })).id;
    }
    const put = async (name: string, stars: number) => rate(await signUp(api.app), { stars }, ids[name]);
    await put('Four once', 4);
    await put('Five once', 5);
    await put('Five twice', 5);
    await put('Five twice', 5);
    await put('Three', 3);
    const names = async (query: string) =>
      (await api.app.inject({ method: 'GET', url: `/shops?q=sortcase${query}` })).json().for_you.map((s: { name: string }) => s.name.slice(9));
    expect(await names('&sort=rating')).toEqual(['Five twice', 'Five once', 'Four once', 'Three', 'Unrated']);
    expect(await names('&sort=rating&page_size=2&page=2')).toEqual(['Four once', 'Three']);
    // Two words take the search's own paths; the order is the same.
    expect(await names('%20jollof&sort=rating')).toEqual(['Five twice', 'Five once', 'Four once', 'Three', 'Unrated']);
    expect(await names('&sort=nonsense')).toEqual(['Three', 'Five twice', 'Five once', 'Four once', 'Unrated']);
  });
});
