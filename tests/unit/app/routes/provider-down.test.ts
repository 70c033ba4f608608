import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { webEnvWithProviderDown } from '#tests/support/provider-down.ts';
import { hostContext } from '#tests/support/site-memory.ts';

/**
 * The fast part of soak:faults: with nothing listening at PROVIDER_URL (the API stopped), every loader
 * and action answers at once in the words of docs/product.md §8, never an unhandled error (the slow part also covers
 * a provider that hangs or is slow).
 */
let dataDir: string;
let routes: {
  home: typeof import('#app/routes/home.tsx');
  search: typeof import('#app/routes/search-results.tsx');
  shop: typeof import('#app/routes/shop.tsx');
  product: typeof import('#app/routes/product.tsx');
  login: typeof import('#app/routes/auth/login.tsx');
  myShops: typeof import('#app/routes/owner/my-shops.tsx');
  session: typeof import('#app/lib/session.server.ts');
};

beforeAll(async () => {
  dataDir = await webEnvWithProviderDown();
  process.env.PUBLIC_CACHE_SECONDS = '0';
  routes = {
    home: await import('#app/routes/home.tsx'),
    search: await import('#app/routes/search-results.tsx'),
    shop: await import('#app/routes/shop.tsx'),
    product: await import('#app/routes/product.tsx'),
    login: await import('#app/routes/auth/login.tsx'),
    myShops: await import('#app/routes/owner/my-shops.tsx'),
    session: await import('#app/lib/session.server.ts'),
  };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The arguments React Router hands a loader or action; `visitor` is who the session says is signed in. */
function args(url: string, init: RequestInit = {}, visitor: { user: { id: string; username: string; email: string }; access: string } | null = null) {
  const context = hostContext();
  context.set(routes.session.signedInContext, visitor);
  return { request: new Request(`http://localhost${url}`, init), params: {}, context } as never;
}

/** A `data()` answer as its status and payload. */
function answer(value: unknown): { status: number; data: Record<string, unknown> } {
  const shaped = value as { type?: string; init?: { status?: number }; data?: unknown };
  if (shaped?.type === 'DataWithResponseInit') return { status: shaped.init?.status ?? 200, data: shaped.data as Record<string, unknown> };
  return { status: 200, data: value as Record<string, unknown> };
}

const quickly = async <T>(work: Promise<T>) => {
  const started = performance.now();
  const value = await work;
  expect(performance.now() - started).toBeLessThan(3000);
  return value;
};

describe('with the provider stopped', () => {
  it('the home page and search say "Network error or unexpected issue" with a 503', async () => {
    const home = answer(await quickly(routes.home.loader(args('/'))));
    expect(home).toMatchObject({ status: 503, data: { failed: true, shops: [] } });
    const search = answer(await quickly(routes.search.loader(args('/searchResults?q=rice'))));
    expect(search).toMatchObject({ status: 503, data: { failed: true } });
    // What the pages print for failed: true.
    expect(MSG.networkOrUnexpected).toBe('Network error or unexpected issue. Please try again later.');
  });

  it('a shop page says "Failed to load shop details for this ID." with a 503', async () => {
    const shopArgs = args('/shop/3b9c3f7e-5b0a-4c1e-9d1f-1a2b3c4d5e6f');
    (shopArgs as { params: Record<string, string> }).params = { id: '3b9c3f7e-5b0a-4c1e-9d1f-1a2b3c4d5e6f' };
    const thrown = await quickly(
      routes.shop.loader(shopArgs).then(
        () => null,
        (error: unknown) => error,
      ),
    );
    expect(answer(thrown)).toEqual({ status: 503, data: MSG.shopLoadFailed });
  });

  it("a product's page says it could not be loaded just now, with a 503, not that the product is missing", async () => {
    const productArgs = args('/product/3b9c3f7e-5b0a-4c1e-9d1f-1a2b3c4d5e6f');
    (productArgs as { params: Record<string, string> }).params = { id: '3b9c3f7e-5b0a-4c1e-9d1f-1a2b3c4d5e6f' };
    const thrown = await quickly(
      routes.product.loader(productArgs).then(
        () => null,
        (error: unknown) => error,
      ),
    );
    expect(answer(thrown)).toEqual({ status: 503, data: MSG.productLoadFailed });
  });

  it('login says "Network error or unexpected issue. Please try again later."', async () => {
    const body = new URLSearchParams({ username_or_email: 'ada', password: 'stall-keeper-42' });
    const login = answer(await quickly(routes.login.action(args('/login', { method: 'POST', body }))));
    expect(login.status).toBe(400);
    expect(JSON.stringify(login.data)).toContain(MSG.networkOrUnexpected);
  });

  it('My Shops says "Could not fetch your shops." with a 503', async () => {
    const owner = { user: { id: 'u1', username: 'ada', email: 'ada@example.ng' }, access: 'token' };
    const mine = answer(await quickly(routes.myShops.loader(args('/myShop', {}, owner))));
    expect(mine).toMatchObject({ status: 503, data: { failed: true, shops: [] } });
  });
});
