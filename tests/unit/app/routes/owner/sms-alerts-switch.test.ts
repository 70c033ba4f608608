import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { startFakeProvider } from '#tests/support/fake-provider.ts';
import { hostContext } from '#tests/support/site-memory.ts';

let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let dataDir: string;
let routes: {
  myShops: typeof import('#app/routes/owner/my-shops.tsx');
  session: typeof import('#app/lib/session.server.ts');
};

beforeAll(async () => {
  // Shop `s1` is the owner's; any other is someone else's.
  provider = await startFakeProvider(({ path, body }) =>
    path === '/shops/s1/alerts' ? { status: 200, body } : { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
  );
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-sms-switch-'));
  // The web tier reads its configuration once, on first use: point it at this test's own provider.
  process.env.PROVIDER_URL = provider.url;
  process.env.DATA_DIR = dataDir;
  routes = { myShops: await import('#app/routes/owner/my-shops.tsx'), session: await import('#app/lib/session.server.ts') };
});
beforeEach(() => {
  provider.received.length = 0;
});
afterAll(async () => {
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
});

const owner = { user: { id: 'u1', username: 'ada', email: 'ada@example.ng' }, access: 'token' };

/** The form of the switch on My Shops, posted without JavaScript. */
function post(fields: Record<string, string>) {
  const context = hostContext();
  context.set(routes.session.signedInContext, owner);
  const request = new Request('http://localhost/myShop', { method: 'POST', body: new URLSearchParams(fields) });
  return routes.myShops.action({ request, params: {}, context } as never);
}

describe('the text message switch on My Shops', () => {
  it('asks the provider to turn the shop’s alerts on or off, then shows My Shops again', async () => {
    const on = (await post({ intent: 'sms-alerts', shopId: 's1', sms: 'on' })) as Response;
    const off = (await post({ intent: 'sms-alerts', shopId: 's1', sms: 'off' })) as Response;

    expect(provider.received).toEqual([
      { method: 'PUT', path: '/shops/s1/alerts', body: { sms: true } },
      { method: 'PUT', path: '/shops/s1/alerts', body: { sms: false } },
    ]);
    for (const response of [on, off]) {
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/myShop');
    }
  });

  it('says it could not change them when the provider refuses, with its status', async () => {
    const refused = (await post({ intent: 'sms-alerts', shopId: 's2', sms: 'on' })) as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(403);
    expect(refused.data).toEqual({ alertsError: MSG.smsAlertsFailed });
  });

  it('sends nothing for a switch that names neither on nor off', async () => {
    const refused = (await post({ intent: 'sms-alerts', shopId: 's1', sms: 'maybe' })) as { init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(provider.received).toEqual([]);
  });
});
