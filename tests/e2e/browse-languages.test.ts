import type { Browser } from 'playwright-core';
import { describe, inject } from 'vitest';
import { priceInNaira } from '#rules/naira.ts';
import { expect, jsMode, test } from './support/browser';

/** A first-time visitor whose phone speaks `locale`. */
async function visit(browser: Browser, locale: string, path: string) {
  const phone = await browser.newContext({ baseURL: inject('webUrl'), javaScriptEnabled: jsMode === 'on', locale });
  const page = await phone.newPage();
  await page.goto(path);
  return { page, close: () => phone.close() };
}

describe(`the home page and search in other languages (JavaScript ${jsMode})`, () => {
  test('home: the heading, search label, badges, prices and title are in Hausa, and English keeps its words', async ({ browser, apiUrl }) => {
    type Listed = { name: string; lowest_price: number | null };
    const firstPage = (await (await fetch(`${apiUrl}/shops`)).json()) as { for_you: Listed[] };
    const priced = firstPage.for_you.find((shop) => shop.lowest_price !== null)!;

    const hausa = await visit(browser, 'ha-NG', '/');
    expect(await hausa.page.title()).toBe('Kasuwa · Shaguna kusa da kai');
    expect(await hausa.page.getByRole('heading', { level: 1 }).textContent()).toBe('Domin ka');
    expect(await hausa.page.getByRole('search', { name: 'Nemi shago' }).count()).toBe(1);
    const cards = hausa.page.getByRole('list', { name: 'Shaguna domin ka' }).getByRole('listitem');
    const texts = await cards.allInnerTexts();
    expect(texts[0]).toMatch(/^Talla/);
    expect(texts.find((text) => text.includes(priced.name))).toContain(`daga ${priceInNaira(priced.lowest_price!)}`);
    expect(await hausa.page.getByRole('button', { name: `Ajiye ${priced.name}` }).count()).toBeGreaterThan(0);
    await hausa.close();

    const english = await visit(browser, 'en-NG', '/');
    expect(await english.page.title()).toBe('Kasuwa · Shops near you');
    expect(await english.page.getByRole('heading', { level: 1 }).textContent()).toBe('For You');
    expect(await english.page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem').first().textContent()).toMatch(/^Sponsored/);
    await english.close();
  });

  test('search: a search that finds nothing says so in Pidgin, and in English in the words of the specification', async ({ browser }) => {
    const pidgin = await visit(browser, 'pcm-NG', '/searchResults?q=zqxjv');
    expect(await pidgin.page.title()).toBe('zqxjv · Search · Kasuwa');
    expect(await pidgin.page.getByRole('heading', { level: 1 }).textContent()).toBe('Wetin we see for “zqxjv”');
    expect(await pidgin.page.getByText('No shop match wetin you search. Try another word or category.').count()).toBe(1);
    expect(await pidgin.page.locator('.search-more summary').textContent()).toBe('Filters');
    expect(await pidgin.page.getByRole('combobox', { name: 'Arrange by', includeHidden: true }).count()).toBe(1);
    await pidgin.close();

    const yoruba = await visit(browser, 'yo-NG', '/searchResults');
    expect(await yoruba.page.title()).toBe('Wá àwọn ṣọ́ọ̀bù · Kasuwa');
    expect(await yoruba.page.getByRole('heading', { level: 1 }).textContent()).toBe('Gbogbo ṣọ́ọ̀bù');
    expect(await yoruba.page.getByRole('option', { name: 'Gbogbo Nàìjíríà' }).count()).toBe(1);
    await yoruba.close();

    const english = await visit(browser, 'en-NG', '/searchResults?q=zqxjv');
    expect(await english.page.getByText('No shops match your search. Try another word or category.').count()).toBe(1);
    expect(await english.page.getByRole('heading', { level: 1 }).textContent()).toBe('Results for “zqxjv”');
    await english.close();
  });

  test("a shop's page in Yorùbá and a product's in Igbo; the same pages keep their English words", async ({ browser, apiUrl }) => {
    type Listed = { id: string; name: string; lowest_price: number | null };
    const listed = (await (await fetch(`${apiUrl}/shops`)).json()) as { for_you: Listed[] };
    const shop = listed.for_you.find((one) => one.lowest_price !== null)!;
    const { products } = (await (await fetch(`${apiUrl}/shops/${shop.id}`)).json()) as { products: { id: string; name: string }[] };

    const yoruba = await visit(browser, 'yo-NG', `/shop/${shop.id}`);
    expect(await yoruba.page.getByRole('heading', { name: 'Nípa ṣọ́ọ̀bù yìí' }).count()).toBe(1);
    expect(await yoruba.page.getByRole('heading', { name: 'Àwọn ọjà' }).count()).toBe(1);
    expect(await yoruba.page.getByRole('link', { name: 'Fi ẹjọ́ ṣọ́ọ̀bù yìí sùn' }).count()).toBe(1);
    expect(await yoruba.page.getByText('Béèrè ọjà').count()).toBeGreaterThan(0);
    await yoruba.close();

    const igbo = await visit(browser, 'ig-NG', `/product/${products[0]!.id}`);
    expect(await igbo.page.getByRole('heading', { name: 'Onye na-ere ya' }).count()).toBe(1);
    expect(await igbo.page.getByRole('list', { name: 'Banyere ngwaahịa a' }).count()).toBe(1);
    await igbo.close();

    const english = await visit(browser, 'en-NG', `/shop/${shop.id}`);
    expect(await english.page.getByRole('heading', { name: 'About this shop' }).count()).toBe(1);
    expect(await english.page.getByRole('link', { name: 'Report this shop' }).count()).toBe(1);
    await english.close();
  });
});
