import { eq } from 'drizzle-orm';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { type StoredImage, shops } from '#server/db/schema.ts';
import { jpegBuffer } from '../fixtures/images';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, type Owner, tag } from './support/owners';
import { startProductWithDatabase } from './support/product-with-database';

/** A 412 px phone, the width the page benchmark measures at. */
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

type ApiImage = { url: string; variants: { width: number; url: string; type: string }[]; dominant_color: string | null };
type ApiShop = { id: string; name: string; image: ApiImage; products?: { image: ApiImage }[] };

async function onPhone(browser: Browser, baseURL: string, deviceScaleFactor = 2) {
  return browser.newContext({ ...PHONE, deviceScaleFactor, baseURL, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
}

/** A shop with a photo as a phone sends it (1600 px wide, so it gets every copy) and one product, made at the API. */
async function shopWithPhoneSizedPhoto(apiUrl: string, owner: Owner): Promise<ApiShop> {
  const photo = await jpegBuffer({ width: 1600, height: 1200 });
  const form = new FormData();
  form.set('name', `Kemi Prints ${tag()}`);
  form.set('address', '9 Allen Avenue, Ikeja, Lagos');
  form.set('category', 'Fashion');
  form.set('description', 'Ankara prints by the yard.');
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'front.jpg');
  const created = await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  expect(created.status).toBe(201);
  const shop = (await created.json()) as ApiShop;
  const batch = new FormData();
  batch.set('products', JSON.stringify([{ name: 'Ankara, 6 yards', price: 9000 }]));
  batch.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'ankara.jpg');
  const added = await fetch(`${apiUrl}/shops/${shop.id}/products/batch-create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: batch,
  });
  expect(added.status).toBe(201);
  return shop;
}

/** Holds every photo from /media until the returned function is called. */
async function holdPhotos(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/media/**', async (route: Route) => {
    await held;
    await route.fallback();
  });
  return release;
}

const pathOf = (url: string) => new URL(url).pathname;

describe(`photos on the public pages (JavaScript ${jsMode})`, () => {
  test('the first card’s photo is asked for from the top of the page, in AVIF for its slot; the first row is fetched at once, the rest wait', async ({
    browser,
    webUrl,
  }) => {
    const context = await onPhone(browser, webUrl);
    try {
      const page = await context.newPage();
      const html = await (await page.goto('/'))!.text();
      const cards = page.locator('.shop-card');
      const firstAvif = cards.nth(0).locator('source[type="image/avif"]');
      const srcSet = (await firstAvif.getAttribute('srcset')) ?? '';
      expect(srcSet).toMatch(/^\/media\/shops\/[0-9a-f-]{36}\/w320\.avif 320w, /);

      // The preload comes before the CSS and every script, so a slow link starts on it first.
      const head = html.slice(0, html.indexOf('</head>'));
      const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0] ?? '';
      expect(preload).toContain('type="image/avif"');
      expect(preload).toMatch(/fetchPriority="high"/i);
      expect(preload).toContain(`imageSrcSet="${srcSet}"`);
      expect(preload).toContain(`imageSizes="${await firstAvif.getAttribute('sizes')}"`);
      expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<style'));
      expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<script'));

      // The first row at once; the rest as backgrounds the browser fetches as they near the screen.
      const images = await cards.locator('img').evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]));
      expect(images).toEqual(Array(2).fill(['eager', 'high']));
      expect(await cards.locator('.photo.later').count()).toBeGreaterThan(4);
    } finally {
      await context.close();
    }
  });

  test('a phone at 2× gets the AVIF copy that fills each slot, no larger; the copies are offered by type and width', async ({ browser, webUrl, apiUrl }) => {
    const shop = await shopWithPhoneSizedPhoto(apiUrl, await newOwner(apiUrl));
    for (const [density, photoWidth] of [
      [1, 400],
      [2, 800],
      [3, 1024],
    ] as const) {
      const context = await onPhone(browser, webUrl, density);
      try {
        const page = await context.newPage();
        await page.goto(`/shop/${shop.id}`);
        const photo = page.locator('.shop-photo img');
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        // 380 CSS px wide at 412 px: 380, 760 and 1140 device pixels.
        expect(pathOf(await photo.evaluate((img: HTMLImageElement) => img.currentSrc))).toMatch(new RegExp(`/w${photoWidth}\\.avif$`));
        const sources = await page.locator('.shop-photo source').evaluateAll((list) => list.map((source) => source.getAttribute('type')));
        expect(sources).toEqual(['image/avif', 'image/webp']);
        expect(await photo.getAttribute('src')).toMatch(/\/main\.jpg$/);
      } finally {
        await context.close();
      }
    }
  });

  test('each photo’s sizes says the width its box really has at 412 px: cards and the shop and product photos', async ({ browser, webUrl, apiUrl }) => {
    const shop = await shopWithPhoneSizedPhoto(apiUrl, await newOwner(apiUrl));
    const [product] = (await (await fetch(`${apiUrl}/shops/${shop.id}/products`)).json()) as { id: string }[];
    const context = await onPhone(browser, webUrl);
    try {
      const page = await context.newPage();
      for (const [path, selector] of [
        ['/', '.shop-card .photo'],
        [`/shop/${shop.id}`, '.shop-photo'],
        [`/product/${product!.id}`, '.shop-photo'],
      ] as const) {
        await page.goto(path);
        const box = page.locator(selector).first();
        const [slot, sizes] = await box.evaluate(async (element) => {
          const img = element.querySelector('img')!;
          // An image offered only at its own width gets, as its natural width, the width `sizes` gives for this screen.
          const probe = new Image();
          probe.sizes = element.querySelector('source')!.getAttribute('sizes')!;
          probe.srcset = `${img.getAttribute('src')} ${img.getAttribute('width')}w`;
          await probe.decode();
          return [element.getBoundingClientRect().width, probe.naturalWidth];
        });
        expect(Math.abs(sizes - slot), `${selector}: sizes ${sizes}, box ${slot}`).toBeLessThanOrEqual(2);
      }
    } finally {
      await context.close();
    }
  });

  test('a card shows its photo’s own colour while the photo is on its way', async ({ browser, webUrl, apiUrl }) => {
    const context = await onPhone(browser, webUrl);
    try {
      const page = await context.newPage();
      const release = await holdPhotos(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const card = page.locator('.shop-card .photo').first();
      const shopPath = (await page.locator('.shop-card a').first().getAttribute('href'))!;
      const shop = (await (await fetch(`${apiUrl}/shops/${shopPath.split('/').pop()}`)).json()) as ApiShop;
      expect(shop.image.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
      const shown = await card.evaluate((box) => {
        const swatch = box.querySelector('svg')!;
        const { width, height } = swatch.getBoundingClientRect();
        const img = box.querySelector('img')!;
        return { fill: getComputedStyle(swatch.querySelector('rect')!).fill, width, height, photoArrived: img.complete && img.naturalWidth > 0 };
      });
      const hex = shop.image.dominant_color!;
      const rgb = `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
      expect(shown).toMatchObject({ fill: rgb, photoArrived: false });
      expect(shown.width).toBeGreaterThan(100);
      expect(shown.height).toBeGreaterThan(75);
      release();
      await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('photos further down are fetched only as they near the screen, in the copy that fills their box at 2×, no larger', async ({
    browser,
    webUrl,
    apiUrl,
  }) => {
    const shop = await shopWithPhoneSizedPhoto(apiUrl, await newOwner(apiUrl));
    const context = await onPhone(browser, webUrl);
    try {
      const page = await context.newPage();
      const fetched = new Set<string>();
      page.on('requestfinished', (request) => request.resourceType() === 'image' && fetched.add(pathOf(request.url())));
      const photosFetched = () => [...fetched].filter((url) => url.startsWith('/media/'));
      // The box's rule, in the one <style> the page's later photos share. Read through the DOM alone: a locator
      // inside the box would have the browser style it, and so fetch its photo.
      const copyFetched = async (selector: string, index: number) => {
        const rule = await page.evaluate(
          ([selector, index]) => {
            const photo = document.querySelectorAll(selector)[index]?.querySelector('.later-photo');
            const key = [...(photo?.classList ?? [])].find((name) => /^p[0-9a-z]+$/.test(name));
            const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
            return css.split('}').find((candidate) => candidate.startsWith(`.${key}{`)) ?? '';
          },
          [selector, index] as const,
        );
        const folder = /url\("([^"]+\/)w\d+\.avif"\)/.exec(rule)?.[1] ?? '';
        expect(folder).toMatch(/^\/media\//);
        return () => photosFetched().find((url) => url.startsWith(folder));
      };
      await page.goto('/');
      if (jsMode === 'on') await whenInteractive(page, 'ul.shop-grid');
      await page.waitForLoadState('networkidle');
      // The fifth row: below the screen, but within the distance at which Chromium itself would fetch a lazy photo.
      const far = page.locator('.shop-card .photo').nth(8);
      const farCopy = await copyFetched('.shop-card .photo', 8);
      expect(farCopy()).toBeUndefined();
      // What the first screenful shows: the first row and the ones on screen, two a row.
      expect(photosFetched().length).toBeLessThanOrEqual(8);
      await far.scrollIntoViewIfNeeded();
      await expect.poll(farCopy, { timeout: 10_000 }).toMatch(/\/w\d+\.avif$/);

      // A product's photo, its box 7.5rem wide: the smallest copy at least twice as wide, as a 2× screen needs.
      await page.goto(`/shop/${shop.id}`);
      if (jsMode === 'on') await whenInteractive(page, '.product-grid');
      await page.waitForLoadState('networkidle');
      const productPhoto = page.locator('.product-image');
      const productCopy = await copyFetched('.product-image', 0);
      // Just below the screen, where the browser's own "near" would already have fetched it.
      const below = await productPhoto.evaluate((box) => box.getBoundingClientRect().top - window.innerHeight);
      expect(below).toBeGreaterThan(0);
      expect(below).toBeLessThan(PHONE.viewport.height / 2);
      expect(productCopy()).toBeUndefined();
      await productPhoto.scrollIntoViewIfNeeded();
      await expect.poll(productCopy, { timeout: 10_000 }).toMatch(/\/w\d+\.avif$/);
      const width = await productPhoto.evaluate((box) => box.getBoundingClientRect().width);
      expect(Number(/w(\d+)\.avif$/.exec(productCopy()!)![1])).toBe(320);
      expect(width * 2).toBeLessThanOrEqual(320);
    } finally {
      await context.close();
    }
  });

  test.runIf(jsMode === 'on')(
    'the page is complete and readable before any script is fetched, and the scripts wait for the first screenful’s photos',
    async ({ browser, webUrl }) => {
      const context = await onPhone(browser, webUrl);
      try {
        const page = await context.newPage();
        const scripts: string[] = [];
        page.on('request', (request) => request.resourceType() === 'script' && scripts.push(pathOf(request.url())));
        const release = await holdPhotos(page);
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        expect(await page.locator('.shop-card .card-name').first().isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'More shops' }).isVisible()).toBe(true);
        expect(await page.evaluate(() => getComputedStyle(document.querySelector('.shop-grid')!).display)).toBe('grid');
        await page.waitForTimeout(500);
        expect(scripts).toEqual([]);

        release();
        await whenInteractive(page, 'ul.shop-grid');
        expect(scripts.some((path) => path.startsWith('/assets/entry.client'))).toBe(true);
      } finally {
        await context.close();
      }
    },
  );
});

describe(`photos stored before AVIF copies and colours existed (JavaScript ${jsMode})`, () => {
  let product: Awaited<ReturnType<typeof startProductWithDatabase>>;
  beforeAll(async () => {
    product = await startProductWithDatabase();
  });
  afterAll(() => product?.stop());

  test('still show, as WebP, in a box of the default colour', async ({ browser }) => {
    const { api, webUrl } = product;
    const shop = await shopWithPhoneSizedPhoto(api.url, await newOwner(api.url));
    const [row] = await api.database.db.select({ image: shops.image }).from(shops).where(eq(shops.id, shop.id));
    const { dominantColor: _colour, ...image } = row!.image;
    const old: StoredImage = { ...image, variants: image.variants.filter((variant) => variant.type === 'image/webp') };
    await api.database.db.update(shops).set({ image: old }).where(eq(shops.id, shop.id));

    const context = await onPhone(browser, webUrl);
    try {
      const page = await context.newPage();
      await page.goto(`/shop/${shop.id}`);
      const box = page.locator('.shop-photo');
      expect(await box.locator('source').evaluateAll((list) => list.map((source) => source.getAttribute('type')))).toEqual(['image/webp']);
      expect(await box.locator('svg').count()).toBe(0);
      expect(await box.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(241, 230, 216)');
      const photo = box.locator('img');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/w800\.webp$/);
    } finally {
      await context.close();
    }
  });
});
