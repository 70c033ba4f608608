import { randomInt } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, shopOf, webSessionCookie } from './support/web-requests';

/** The newest code texted to `international`, once the file outbox holds one newer than `after`. */
async function codeTextedTo(international: string, after: number): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'sms-outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    const texts: { at: number; text: string }[] = [];
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const at = (await stat(path.join(outbox, file))).mtimeMs;
      const text = await readFile(path.join(outbox, file), 'utf8');
      if (at > after && text.startsWith(`To: ${international}\n`)) texts.push({ at, text });
    }
    const code = texts.sort((a, b) => b.at - a.at)[0]?.text.match(/code is (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was texted to ${international}`);
}

async function typeCode(page: Page, code: string) {
  await whenInteractive(page, '#phone-code');
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe(`a shop's phone, verified (JavaScript ${jsMode})`, () => {
  test('the owner verifies with the texted code after five wrong tries end the first one; buyers see the check on the card and the page, and what it means', async ({
    page,
    apiUrl,
    webUrl,
  }) => {
    const national = `080${randomInt(10_000_000, 99_999_999)}`;
    const international = `+234${national.slice(1)}`;
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Nkechi Provisions ${tag()}`, phone: national });
    const cookie = await webSessionCookie(webUrl, owner);
    const at = cookie.indexOf('=');
    await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);

    await page.goto('/myShop');
    await page.getByRole('listitem').filter({ hasText: shop.name }).getByRole('link', { name: 'Verify the phone number' }).click();
    await page.waitForURL((url) => url.pathname === `/myShop/${shop.id}/phone`);
    await page.getByText(`Buyers call ${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}.`).waitFor();

    let sentAt = Date.now() - 1000;
    await whenInteractive(page, 'form');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('We texted a code to').waitFor();
    const first = await codeTextedTo(international, sentAt);
    const wrong = `${(Number(first[0]) + 1) % 10}${first.slice(1)}`;
    for (let left = 4; left >= 1; left -= 1) {
      await typeCode(page, wrong);
      await page.getByText(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`).waitFor();
    }
    await typeCode(page, wrong);
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor();
    // Ended is ended: the right code no longer works either.
    await typeCode(page, first);
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor();

    sentAt = Date.now() - 1000;
    await page.getByRole('button', { name: 'Text me a new code' }).click();
    // The page the send redirects to has no refusal on it; typing earlier races that navigation.
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor({ state: 'detached' });
    await typeCode(page, await codeTextedTo(international, sentAt));
    await page.getByText(/^Done: .* is verified\.$/).waitFor();

    await page.context().clearCookies();
    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    const card = page.getByRole('listitem').filter({ hasText: shop.name });
    expect(await card.getByText('✓ Phone verified').count()).toBe(1);
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('list', { name: 'Checks this shop passed' }).getByRole('link', { name: '✓ Phone verified' }).click();
    await page.waitForURL((url) => url.pathname === '/verification');
    await page.getByRole('heading', { level: 1, name: 'What our checks mean' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: '✓ Phone verified' }).count()).toBe(1);
    expect(await page.getByText('It is not a guarantee').count()).toBe(1);
  });
});
