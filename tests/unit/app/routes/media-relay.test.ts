import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webEnvWithProviderDown } from '#tests/support/provider-down.ts';

let dataDir: string;
let loader: typeof import('#app/routes/media.ts').loader;

beforeAll(async () => {
  // A port nothing listens on: the provider is down.
  dataDir = await webEnvWithProviderDown();
  ({ loader } = await import('#app/routes/media.ts'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('answers a photo asked for while the provider is down with a 503 not to be cached, not a server error', async () => {
  const request = new Request('http://localhost:3000/media/shops/abc/main.jpg');
  const response = await loader({ params: { '*': 'shops/abc/main.jpg' }, request } as never);
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.text()).toBe('This photo cannot be loaded right now.');
});
