import { setTimeout as delay } from 'node:timers/promises';
import { MSG } from '#rules/messages.ts';
import { type Browser, type Expectation, holds, shopIdsIn } from './browser';
import type { Photo } from './photos';

/** What the people of one run share: the shops they have seen and what the owners made. */
export type World = {
  tag: string;
  deadline: number;
  photos: Photo[];
  shopIds: string[];
  shopNames: Map<string, string>;
  searchWords: string[];
  owners: Owner[];
};

type CreatedShop = { id: string; name: string; products: string[] };
type Owner = { username: string; password: string; shops: CreatedShop[] };

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const think = (fromMs: number, toMs: number) => delay(fromMs + Math.random() * (toMs - fromMs));

const ok: Expectation = (page) => (page.status === 200 ? null : `answered ${page.status}`);
const and =
  (...checks: Expectation[]): Expectation =>
  (page) =>
    checks.reduce<string | null>((problem, check) => problem ?? check(page), null);
const at =
  (path: string): Expectation =>
  (page) =>
    page.url === path ? null : `ended at ${page.url}, not ${path}`;
const listsShops: Expectation = (page) => (shopIdsIn(page.html).length > 0 ? null : 'no shop on the page');

function learnShops(world: World, html: string): void {
  for (const id of shopIdsIn(html)) if (!world.shopIds.includes(id)) world.shopIds.push(id);
}

/** One look around: the home page, a search or a shop, with the first images, as a visitor does. */
async function browseOnce(browser: Browser, world: World): Promise<void> {
  const roll = Math.random();
  if (roll < 0.4 || world.shopIds.length === 0) {
    const page = await browser.open('home', '/', and(ok, listsShops));
    if (page) {
      learnShops(world, page.html);
      await browser.images(page, 2);
    }
  } else if (roll < 0.65) {
    const word = pick(world.searchWords);
    const page = await browser.open('search', `/searchResults?q=${encodeURIComponent(word)}`, and(ok, holds(word)));
    if (page) await browser.images(page, 2);
  } else {
    const id = pick(world.shopIds);
    const name = world.shopNames.get(id);
    const page = await browser.open('shop page', `/shop/${id}`, name ? and(ok, holds(name)) : ok);
    if (page) await browser.images(page, 2);
  }
}

export async function visitor(browser: Browser, world: World): Promise<void> {
  while (Date.now() < world.deadline) {
    await browseOnce(browser, world);
    await think(1000, 3000);
  }
}

function photoBlob(photo: Photo): Blob {
  return new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' });
}

async function signUp(browser: Browser, world: World, index: number): Promise<Owner | null> {
  if (!(await browser.open('signup form', '/signup', and(ok, holds('Create your account'))))) return null;
  const owner: Owner = { username: `soak${world.tag}o${index}`, password: 'soak-secret-1', shops: [] };
  const form = new URLSearchParams({
    email: `${owner.username}@example.ng`,
    username: owner.username,
    phone_number: `0803${String(1_000_000 + index).slice(-7)}`,
    password: owner.password,
  });
  const done = await browser.open('signup', '/signup', and(ok, at('/')), form);
  return done ? owner : null;
}

async function createShop(browser: Browser, world: World, owner: Owner): Promise<CreatedShop | null> {
  if (!(await browser.open('create shop form', '/createShop', and(ok, holds('Create Shop'))))) return null;
  const name = `Soak shop ${owner.username} ${owner.shops.length + 1}`;
  const form = new FormData();
  form.set('name', name);
  form.set('address', `${owner.shops.length + 3} Allen Avenue, Ikeja, Lagos`);
  form.set('state', 'Lagos');
  form.set('category', pick(['Food', 'Fashion', 'Electronics', 'Groceries']));
  form.set('description', `Fresh goods from ${owner.username}, open every day. Soak run ${world.tag}.`);
  form.set('tags', 'soak, lagos');
  const photo = pick(world.photos);
  form.set('image', photoBlob(photo), photo.name);
  if (!(await browser.open('create shop', '/createShop', and(ok, holds(MSG.shopCreated)), form))) return null;

  // The page says "created" without naming the shop; My Shops lists it with its id.
  const known = new Set(owner.shops.map((shop) => shop.id));
  const mine = await browser.open('my shops', '/myShop', and(ok, holds(name)));
  if (!mine) return null;
  const id = [...mine.html.matchAll(/\/editShop\/([0-9a-f-]{36})\/edit-shop/g)].map((match) => match[1]!).find((found) => !known.has(found));
  if (!id) return null;
  const shop = { id, name, products: [] };
  owner.shops.push(shop);
  world.shopNames.set(id, name);
  world.shopIds.push(id);
  return shop;
}

async function addProducts(browser: Browser, world: World, shop: CreatedShop, batch: number): Promise<void> {
  const page = `/shop/${shop.id}/add-products`;
  if (!(await browser.open('add products form', page, and(ok, holds('Add Products'))))) return;
  const form = new FormData();
  const names: string[] = [];
  const rows = 2 + Math.floor(Math.random() * 2);
  for (let row = 0; row < rows; row++) {
    const name = `Soak item ${batch}-${row} of ${shop.id.slice(0, 8)}`;
    names.push(name);
    form.set(`products[${row}].name`, name);
    form.set(`products[${row}].price`, String(100 + Math.floor(Math.random() * 90_000)));
    const photo = pick(world.photos);
    form.set(`products[${row}].image`, photoBlob(photo), photo.name);
  }
  if (await browser.open('add products', page, and(ok, holds(MSG.productsAdded)), form)) shop.products.push(...names);
}

/** Signs up, opens a shop with a photo, then adds batches of products with photos, looking around between them. */
export async function owner(browser: Browser, world: World, index: number): Promise<void> {
  const account = await signUp(browser, world, index);
  if (!account) return;
  world.owners.push(account);
  const shop = await createShop(browser, world, account);
  if (!shop) return;
  for (let batch = 0; Date.now() < world.deadline; batch++) {
    await think(1000, 3000);
    await addProducts(browser, world, shop, batch);
    if (Date.now() < world.deadline) await browseOnce(browser, world);
  }
}
