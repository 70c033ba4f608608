import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { products, type StoredImage, shops } from '#server/db/schema.ts';
import { isContractError } from './fuzz';
import { startTestApi, type TestApi } from './harness';
import { bearer, type SignedUp, signUp } from './requests';
import { addProducts, createShop } from './shops';

/**
 * Two owners: Ada, whose shop nobody but Ada may change, and Bola, whose token the fuzzer holds.
 * Ada never sends a request during a fuzz run, so anything of hers that changes was changed by someone else.
 */
export type FuzzWorld = {
  api: TestApi;
  ada: SignedUp;
  bola: SignedUp;
  adaShopId: string;
  adaProductId: string;
  bolaShopId: string;
  bolaProductId: string;
  /** Bola's thread with Ada's shop: only those two may see it. */
  threadId: string;
  adaBefore: string;
};

async function adaRows(api: TestApi, adaId: string): Promise<string> {
  const ownShops = await api.database.db.select().from(shops).where(eq(shops.ownerId, adaId)).orderBy(asc(shops.id));
  const rows = [];
  for (const shop of ownShops) {
    // Visits are counted by anybody's GET; everything else must stay as Ada left it.
    const { visitorCount: _visits, ...rest } = shop;
    const items = await api.database.db.select().from(products).where(eq(products.shopId, shop.id)).orderBy(asc(products.id));
    rows.push({ ...rest, products: items });
  }
  return JSON.stringify(rows);
}

export async function startFuzzWorld(): Promise<FuzzWorld> {
  // DEBUG_API=1 shows the API's log, where a 500's cause is.
  // Listening, so the routes that ask the Paystack simulator over HTTP reach it, as they do when deployed.
  const api = await startTestApi({ listen: true, ...(process.env.DEBUG_API === '1' ? { env: { LOG_LEVEL: 'error' } } : {}) });
  const ada = await signUp(api.app);
  const bola = await signUp(api.app);
  const adaShop = await createShop(api.app, ada.access, { name: "Ada's Fabrics" });
  const bolaShop = await createShop(api.app, bola.access, { name: "Bola's Phones" });
  const adaProductId = (await addProducts(api.app, ada.access, adaShop.id, [{ name: 'Lace', price: 12000 }])).json()[0].id;
  const bolaProductId = (await addProducts(api.app, bola.access, bolaShop.id, [{ name: 'Charger', price: 3500 }])).json()[0].id;
  const message = await api.app.inject({
    method: 'POST',
    url: `/shops/${adaShop.id}/messages`,
    payload: { body: 'Is the lace in stock?' },
    headers: bearer(bola.access),
  });
  return {
    api,
    ada,
    bola,
    adaShopId: adaShop.id,
    adaProductId,
    bolaShopId: bolaShop.id,
    bolaProductId,
    threadId: message.json().thread_id,
    adaBefore: await adaRows(api, ada.id),
  };
}

/**
 * The property every fuzzed answer must have: never a 5xx, and any 4xx with a body in one of the
 * contract's shapes. The Paystack simulator speaks Paystack's shapes instead (`ownShapes: false`).
 */
export function expectHonestAnswer(response: LightMyRequestResponse, what: string, ownShapes = true) {
  expect(response.statusCode, `${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  // HEAD answers carry the headers of a body they do not send.
  if (!ownShapes || response.statusCode < 400 || response.body === '') return;
  expect((response.headers['content-type'] ?? '').toString(), `${what} answered ${response.statusCode} without JSON`).toContain('application/json');
  expect(isContractError(response.json()), `${what} answered ${response.statusCode} with ${response.body.slice(0, 300)}`).toBe(true);
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function keysOf(image: StoredImage): string[] {
  return [image.key, ...image.variants.map((variant) => variant.key)];
}

/** Every media file belongs to a row, and every row's files exist. */
async function mediaMatchesRows(world: FuzzWorld): Promise<{ orphans: string[]; missing: string[] }> {
  const db = world.api.database.db;
  const images = [...(await db.select({ image: shops.image }).from(shops)), ...(await db.select({ image: products.image }).from(products))].flatMap((row) =>
    keysOf(row.image),
  );
  const referenced = new Set(images);
  const files = await filesUnder(path.join(world.api.dataDir, 'media'));
  const present = new Set(files);
  return { orphans: files.filter((file) => !referenced.has(file)), missing: images.filter((key) => !present.has(key)) };
}

/** After a run: Ada's shop exactly as she left it, and no file without a row or row without its files. */
export async function expectInvariants(world: FuzzWorld) {
  expect(await adaRows(world.api, world.ada.id), "Ada's shop and products changed").toBe(world.adaBefore);
  // A replaced photo is removed right after its change commits; give that removal a moment to land.
  let media = await mediaMatchesRows(world);
  for (let tries = 0; tries < 20 && (media.orphans.length > 0 || media.missing.length > 0); tries++) {
    await delay(100);
    media = await mediaMatchesRows(world);
  }
  expect(media).toEqual({ orphans: [], missing: [] });
}
