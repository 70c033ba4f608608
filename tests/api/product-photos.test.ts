import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { takeBackup } from '#server/backup/take-backup.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { sweepOrphanMedia } from '#server/media/orphan-sweep.ts';
import { setModerator } from '#server/moderation/items.ts';
import { pdfBytes } from '../fixtures/images';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type FilePartInput, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, pngPart } from './support/shops';

type Photo = { key: string; image_url: string; image: { variants: { url: string }[] } };
type Product = { id: string; image_url: string; photos: Photo[] };

let api: TestApi;
let owner: SignedUp;
let shopId: string;
let mediaRoot: string;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access)).id;
  mediaRoot = path.join(api.dataDir, 'media');
});
afterAll(() => api.close());

async function newProduct(): Promise<Product> {
  return (await addProducts(api.app, owner.access, shopId, [{ name: 'Ankara fabric', price: 6000 }])).json()[0];
}

/** A multipart edit; `remove` repeats `remove_photo` as a browser's checkboxes do. */
async function edit(
  productId: string,
  { photos = 0, remove = [], files = [], as = owner }: { photos?: number; remove?: string[]; files?: FilePartInput[]; as?: SignedUp },
) {
  const form = new FormData();
  for (const key of remove) form.append('remove_photo', key);
  const parts = [...(await Promise.all(Array.from({ length: photos }, (_, at) => pngPart('photos', `extra-${at}.png`)))), ...files];
  for (const file of parts) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return api.app.inject({
    method: 'PUT',
    url: `/shops/products/${productId}/update/`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...bearer(as.access) },
  });
}

const fetched = async (id: string) => (await api.app.inject({ method: 'GET', url: `/shops/products/${id}` })).json() as Product;
const mainKeyOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(/^\/media\//, '');
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
const storedFolders = async () =>
  new Set(
    (await readdir(mediaRoot, { recursive: true })).filter((entry) => entry.endsWith('main.jpg')).map((entry) => folderOf(entry.split(path.sep).join('/'))),
  );

describe("a product's extra photos", () => {
  it('starts with none, adds photos after the cover in order, and removes one by its key', async () => {
    const product = await newProduct();
    expect(product.photos).toEqual([]);
    const added = await edit(product.id, { photos: 2 });
    expect(added.statusCode).toBe(200);
    const [first, second] = added.json().product.photos as Photo[];
    expect(first!.key).toMatch(/^products\/[\w-]+\/main\.jpg$/);
    expect(first!.image_url).toContain(first!.key);
    expect(first!.image.variants.length).toBeGreaterThan(0);
    expect((await fetched(product.id)).photos.map((photo) => photo.key)).toEqual([first!.key, second!.key]);

    // Removals come first, so a full product can swap a photo in one request.
    const swapped = await edit(product.id, { remove: [first!.key], photos: 1 });
    expect(swapped.statusCode).toBe(200);
    const keys = (swapped.json().product.photos as Photo[]).map((photo) => photo.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(second!.key);
    expect(await storedFolders()).not.toContain(folderOf(first!.key));
    expect((await api.app.inject({ method: 'GET', url: new URL(first!.image_url).pathname })).statusCode).toBe(404);
  });

  it('holds at most 5 photos with the cover, counted after removals, and stores nothing when refused', async () => {
    const product = await newProduct();
    const before = await storedFolders();
    const tooMany = await edit(product.id, { photos: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ photos: [MSG.productPhotosTooMany] });
    expect(await storedFolders()).toEqual(before);

    const full = await edit(product.id, { photos: 4 });
    expect(full.json().product.photos).toHaveLength(4);
    expect((await edit(product.id, { photos: 1 })).json()).toEqual({ photos: [MSG.productPhotosTooMany] });
    const oneOut = (full.json().product.photos as Photo[])[3]!.key;
    expect((await edit(product.id, { remove: [oneOut], photos: 1 })).statusCode).toBe(200);
  });

  it('refuses a file that is no photo, a key the product does not hold, and anyone but the owner', async () => {
    const product = await newProduct();
    const other = await newProduct();
    const otherPhoto = (await edit(other.id, { photos: 1 })).json().product.photos[0] as Photo;
    const pdf = await edit(product.id, { files: [{ field: 'photos', filename: 'menu.pdf', type: 'application/pdf', data: pdfBytes() }] });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ photos: [MSG.imageExtension] });
    expect((await edit(product.id, { remove: [otherPhoto.key] })).json()).toEqual({ photos: [MSG.productPhotoUnknown] });
    expect((await fetched(other.id)).photos).toHaveLength(1);

    const stranger = await signUp(api.app);
    expect((await edit(other.id, { remove: [otherPhoto.key], as: stranger })).statusCode).toBe(403);
    expect((await edit(other.id, { photos: 1, as: stranger })).statusCode).toBe(403);
    expect((await fetched(other.id)).photos.map((photo) => photo.key)).toEqual([otherPhoto.key]);
  });

  it('are changed by one of two racing edits only, and the other leaves no file behind', async () => {
    const product = await newProduct();
    const before = await storedFolders();
    const answers = await Promise.all([edit(product.id, { photos: 1 }), edit(product.id, { photos: 1 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({
      non_field_errors: ['The product was changed by another request. Please try again.'],
    });
    const [photo] = (await fetched(product.id)).photos;
    expect([...(await storedFolders())].filter((folder) => !before.has(folder))).toEqual([folderOf(photo!.key)]);
  });

  it("are removed with their product and with their product's shop", async () => {
    const product = await newProduct();
    const keys = [mainKeyOf(product.image_url), ...((await edit(product.id, { photos: 2 })).json().product.photos as Photo[]).map((photo) => photo.key)];
    expect((await api.app.inject({ method: 'DELETE', url: `/shops/products/${product.id}/delete/`, headers: bearer(owner.access) })).statusCode).toBe(204);
    const left = await storedFolders();
    for (const key of keys) expect(left).not.toContain(folderOf(key));

    const shop = (await createShop(api.app, owner.access)).id;
    const [onShop] = (await addProducts(api.app, owner.access, shop, [{ name: 'Adire', price: 9000 }])).json() as Product[];
    const shopKeys = ((await edit(onShop!.id, { photos: 2 })).json().product.photos as Photo[]).map((photo) => photo.key);
    expect((await api.app.inject({ method: 'DELETE', url: `/shops/${shop}/delete/`, headers: bearer(owner.access) })).statusCode).toBe(204);
    const afterShop = await storedFolders();
    for (const key of shopKeys) expect(afterShop).not.toContain(folderOf(key));
  });

  it('are kept by the orphan sweep and listed in a backup, variants too', async () => {
    const product = await newProduct();
    const photos = (await edit(product.id, { photos: 2 })).json().product.photos as Photo[];
    await sweepOrphanMedia(api.database.db, localDiskStorage(mediaRoot), new Date(Date.now() + 60_000));
    const kept = await storedFolders();
    for (const photo of photos) expect(kept).toContain(folderOf(photo.key));

    const backup = await takeBackup({ database: api.database, dataDir: api.dataDir, mediaRoot, holdRemovals: () => async () => {} });
    const names: string[] = [];
    const tarFile = path.join(api.dataDir, 'photos-backup.tar');
    await writeFile(tarFile, await buffer(backup.stream));
    await list({ file: tarFile, onReadEntry: (entry) => void names.push(entry.path) });
    for (const photo of photos) {
      expect(names).toContain(`media/${photo.key}`);
      for (const variant of photo.image.variants) expect(names).toContain(`media/${mainKeyOf(variant.url)}`);
    }
  });

  it('are hidden with a hidden shop, and signed for its owner', async () => {
    const moderator = await signUp(api.app);
    await setModerator(api.database.db, moderator.email, true);
    const shop = (await createShop(api.app, owner.access)).id;
    const [product] = (await addProducts(api.app, owner.access, shop, [{ name: 'Aso oke', price: 20000 }])).json() as Product[];
    const [photo] = (await edit(product!.id, { photos: 1 })).json().product.photos as Photo[];
    const photoPath = new URL(photo!.image_url).pathname;
    expect((await api.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(200);
    const hidden = await api.app.inject({
      method: 'POST',
      url: `/moderation/shops/${shop}/actions`,
      payload: { action: 'hide', note: 'Fake goods' },
      headers: bearer(moderator.access),
    });
    expect(hidden.statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(404);
    // A photo added while hidden is hidden too, and the owner's answer links it signed.
    const [, added] = (await edit(product!.id, { photos: 1 })).json().product.photos as Photo[];
    const signed = new URL(added!.image_url);
    expect(signed.search).toMatch(/sig=/);
    expect((await api.app.inject({ method: 'GET', url: signed.pathname + signed.search })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: signed.pathname })).statusCode).toBe(404);
  });
});
