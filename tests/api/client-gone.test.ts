import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { createShop, jpegPart, pngPart, SHOP_FIELDS } from './support/shops';

/**
 * The web tier gives up on a slow upload at its timeout and tells the owner it failed. The API must not
 * store it afterwards: the owner would send it again and have it twice (seen in soak:load on a busy box).
 */

/** Disk storage whose `put` number `holdAt` waits until the test lets it go, so a hang-up can land there. */
function heldStorage() {
  const state = { puts: 0, holdAt: 0, reached: () => {}, release: () => {} };
  const make = (root: string): MediaStorage => {
    const disk = localDiskStorage(root);
    return {
      ...disk,
      async put(key, data, type) {
        state.puts++;
        if (state.puts === state.holdAt) {
          const released = new Promise<void>((resolve) => (state.release = resolve));
          state.reached();
          await released;
        }
        await disk.put(key, data, type);
      },
    };
  };
  return { state, make };
}

const held = heldStorage();
let api: TestApi;
let owner: SignedUp;
let shopId: string;
beforeAll(async () => {
  api = await startTestApi({ listen: true, storage: held.make });
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access)).id;
});
afterAll(() => api.close());

const folders = (kind: string) => {
  const dir = path.join(api.dataDir, 'media', kind);
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

/**
 * Sends `body` over a real connection, hangs up when storage reaches put number `holdAt`, then lets
 * the API carry on and waits for it to finish what it was doing.
 */
async function hangUpDuring(url: string, body: Awaited<ReturnType<typeof multipart>>, holdAt: number): Promise<void> {
  held.state.puts = 0;
  held.state.holdAt = holdAt;
  const reached = new Promise<void>((resolve) => (held.state.reached = resolve));
  const request = http.request(`${api.url}${url}`, { method: 'POST', headers: { ...body.headers, ...bearer(owner.access) } });
  request.on('error', () => {});
  request.end(body.payload);
  await reached;
  request.destroy();
  // The server sees the closed socket a moment later; only then does the upload go on.
  await delay(100);
  held.state.release();
  await delay(500);
}

describe('an upload whose client hung up before it was done', () => {
  it.each([
    ['at the first photo', 1],
    ['after the last photo, just before the rows are written', 4],
  ])('stores no product of the batch %s, and leaves no file', async (_when, holdAt) => {
    const rows = [
      { name: 'Abandoned garri', price: 900 },
      { name: 'Abandoned beans', price: 1200 },
    ];
    // Each 300 px PNG is stored as its JPEG and one WebP copy: four puts in all.
    const body = await multipart({ products: JSON.stringify(rows) }, [await pngPart('images'), await pngPart('images')]);
    const before = folders('products');
    await hangUpDuring(`/shops/${shopId}/products/batch-create/`, body, holdAt);
    const listed = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/products` })).json() as { name: string }[];
    expect(listed.map((product) => product.name)).not.toContain('Abandoned garri');
    await expect.poll(() => folders('products')).toBe(before);
  });

  it('stores no shop when the client hung up while its photo was being stored', async () => {
    const body = await multipart({ ...SHOP_FIELDS, name: 'Abandoned shop' }, [await jpegPart()]);
    const before = folders('shops');
    await hangUpDuring('/shops/', body, 1);
    const profile = (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(owner.access) })).json() as { shops: { name: string }[] };
    expect(profile.shops.map((shop) => shop.name)).not.toContain('Abandoned shop');
    await expect.poll(() => folders('shops')).toBe(before);
  });

  it('still stores a batch whose client waits for the answer', async () => {
    held.state.holdAt = 0;
    const body = await multipart({ products: JSON.stringify([{ name: 'Patient rice', price: 700 }]) }, [await pngPart('images')]);
    const response = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/products/batch-create/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(response.statusCode).toBe(201);
  });
});
