import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const owner = await signUp(api.app);
  const image = JSON.stringify({ key: 'shops/bulk/main.jpg', width: 800, height: 600, variants: [] });
  await api.database.db.execute(sql`
    insert into shops (owner_id, name, address, category, description, image, state, created_at)
    select ${owner.id}, 'Bulk shop ' || n, 'Street ' || n || ', Lagos', 'Food', 'Rice and beans', ${image}::jsonb,
           case when n % 3 = 0 then 'Kano' else 'Lagos' end, now() - n * interval '1 minute'
    from generate_series(1, 1005) as n`);
});
afterAll(() => api.close());

describe('paging a long list', () => {
  it('counts exactly up to 100 matches and says when there are more', async () => {
    const first = (await api.app.inject({ method: 'GET', url: '/shops?page_size=100' })).json();
    expect(first).toMatchObject({ count: 100, count_capped: true, page: 1, next_page: 2 });
    expect(first.for_you[0].name).toBe('Bulk shop 1');
    const few = (await api.app.inject({ method: 'GET', url: '/shops?q=bulk%20shop%201005' })).json();
    expect(few).toMatchObject({ count: 1, count_capped: false, next_page: null });
  });

  it('walks to the last page, newest first, and then reports no next page', async () => {
    const last = (await api.app.inject({ method: 'GET', url: '/shops?page=11&page_size=100' })).json();
    expect(last.for_you.map((shop: { name: string }) => shop.name)).toEqual([
      'Bulk shop 1001',
      'Bulk shop 1002',
      'Bulk shop 1003',
      'Bulk shop 1004',
      'Bulk shop 1005',
    ]);
    expect(last.next_page).toBeNull();
    expect(last.sponsored_shops).toEqual([]);
  });

  it('pages words or a category that match more than 1,000 shops newest first, like the home page', async () => {
    for (const query of ['q=RICE%20beans', 'category=food']) {
      const first = (await api.app.inject({ method: 'GET', url: `/shops?${query}&page_size=100` })).json();
      expect(first).toMatchObject({ count: 100, count_capped: true, next_page: 2 });
      expect(first.for_you[0].name).toBe('Bulk shop 1');
      const middle = (await api.app.inject({ method: 'GET', url: `/shops?${query}&page=5&page_size=100` })).json();
      expect(middle).toMatchObject({ count: 100, count_capped: true, next_page: 6 });
      expect(middle.for_you.map((shop: { name: string }) => shop.name)).toEqual(Array.from({ length: 100 }, (_, i) => `Bulk shop ${401 + i}`));
      const last = (await api.app.inject({ method: 'GET', url: `/shops?${query}&page=11&page_size=100` })).json();
      expect(last.for_you.map((shop: { name: string }) => shop.name)).toEqual([
        'Bulk shop 1001',
        'Bulk shop 1002',
        'Bulk shop 1003',
        'Bulk shop 1004',
        'Bulk shop 1005',
      ]);
      expect(last.next_page).toBeNull();
    }
  });

  it('pages words in one state newest first, from the first page to the last', async () => {
    const names = async (page: number) =>
      (await api.app.inject({ method: 'GET', url: `/shops?q=rice&state=Kano&page_size=10&page=${page}` })).json() as {
        for_you: { name: string }[];
        count: number;
        next_page: number | null;
      };
    const kano = (from: number, to: number) => Array.from({ length: (to - from) / 3 + 1 }, (_, i) => `Bulk shop ${from + 3 * i}`);
    const third = await names(3);
    expect(third.for_you.map((shop) => shop.name)).toEqual(kano(63, 90));
    expect(third).toMatchObject({ count: 100, next_page: 4 });
    const last = await names(34);
    expect(last.for_you.map((shop) => shop.name)).toEqual(kano(993, 1005));
    expect(last.next_page).toBeNull();
  });

  it('suggests names that start with the words first, then the newest matches, however many match', async () => {
    const suggest = async (q: string) =>
      (await api.app.inject({ method: 'GET', url: `/shops/suggest?q=${encodeURIComponent(q)}` })).json().results.map((shop: { name: string }) => shop.name);
    expect(await suggest('BULK')).toEqual(['Bulk shop 1', 'Bulk shop 2', 'Bulk shop 3', 'Bulk shop 4', 'Bulk shop 5']);
    expect(await suggest('rice')).toEqual(['Bulk shop 1', 'Bulk shop 2', 'Bulk shop 3', 'Bulk shop 4', 'Bulk shop 5']);
    expect(await suggest('shop 100')).toEqual(['Bulk shop 100', 'Bulk shop 1000', 'Bulk shop 1001', 'Bulk shop 1002', 'Bulk shop 1003']);
    expect(await suggest('bulk shop 1005')).toEqual(['Bulk shop 1005']);
  });

  it('pages a word with fewer matches than the cap in the same order', async () => {
    const answer = (await api.app.inject({ method: 'GET', url: '/shops?q=bulk%20shop%20100&page_size=5&page=2' })).json();
    // "shop 100" is in shops 100 and 1000–1005, newest (smallest n) first.
    expect(answer).toMatchObject({ count: 7, count_capped: false, next_page: null });
    expect(answer.for_you.map((shop: { name: string }) => shop.name)).toEqual(['Bulk shop 1004', 'Bulk shop 1005']);
  });
});
