import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { latestMailedLink } from '#tests/support/outbox.ts';
import { fillSignUp, newPerson, type Person, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { type ApiOwner, ownerAtApi, productsOf, shopOf, webSessionCookie } from './support/web-requests';

/** A second person's own browser, signed in through the web tier, JavaScript as this run has it. */
async function pageOf(browser: Browser, webUrl: string, person: Pick<Person, 'username' | 'password'>): Promise<Page> {
  const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
  const cookie = await webSessionCookie(webUrl, person);
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
  return context.newPage();
}

async function buyerAtApi(apiUrl: string) {
  const person = newPerson();
  const answer = await signUpAtApi(apiUrl, person);
  return { ...person, access: answer.token.access };
}

async function sendAtApi(apiUrl: string, access: string, path: string, body: unknown) {
  const response = await fetch(`${apiUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { thread_id: string; message: { id: number } };
}

async function send(page: Page, label: string | RegExp, text: string) {
  await whenInteractive(page, '.message-form');
  await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The text message the file outbox holds for `to` that names `shopName`, once it is written. */
async function textMessageFor(dataDir: string, shopName: string): Promise<string> {
  const outbox = path.join(dataDir, 'sms-outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const text = await readFile(path.join(outbox, file), 'utf8');
      if (text.includes(shopName)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no text message names ${shopName}`);
}

const threadLog = (page: Page) => page.getByRole('list', { name: 'Messages' });

/**
 * The paths the page posts to from now on. A form's check is fetched at its first touch; scripts are held back
 * a second here, so the submit comes first and must wait for it.
 */
async function postsWithScriptsHeldBack(page: Page): Promise<string[]> {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    },
  );
  return posts;
}

async function shopWithOwner(apiUrl: string): Promise<{ owner: ApiOwner; shop: { id: string; name: string } }> {
  const owner = await ownerAtApi(apiUrl);
  const shop = await shopOf(apiUrl, owner, { name: `Iya Basira Foods ${tag()}` });
  return { owner, shop };
}

/** A new buyer who has written `body` to a new shop, and that buyer's own browser. */
async function buyerInThread(browser: Browser, apiUrl: string, webUrl: string, body: string) {
  const { shop } = await shopWithOwner(apiUrl);
  const buyer = await buyerAtApi(apiUrl);
  const { thread_id } = await sendAtApi(apiUrl, buyer.access, `shops/${shop.id}/messages`, { body });
  return { threadId: thread_id, page: await pageOf(browser, webUrl, buyer) };
}

describe(`messages between a buyer and a shop (JavaScript ${jsMode})`, () => {
  test('a visitor writes first, signs up with the words kept, sends; the owner sees it unread and replies; the buyer reads the reply', async ({
    page,
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { owner, shop } = await shopWithOwner(apiUrl);
    const words = 'Good afternoon. Do you deliver to Yaba? <b>Two</b> bags please';
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('link', { name: 'Message this shop' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/message`);
    await send(page, `Your message to ${shop.name}`, words);

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await fillSignUp(page, newPerson());
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/message`);
    await page.getByText(MSG.messageKept).waitFor();
    expect(await page.getByLabel(`Your message to ${shop.name}`).inputValue()).toBe(words);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    await page.waitForURL((url) => /^\/messages\/[^/]+$/.test(url.pathname));
    await threadLog(page).getByText(words, { exact: true }).waitFor();
    expect(await page.locator('.chat-log b').count()).toBe(0);
    await page.getByText(MSG.safetyLine).waitFor();
    const threadPath = new URL(page.url()).pathname;
    // The buyer leaves the thread: an open thread would show the reply itself and mark it read.
    await page.goto('/');

    const ownerPage = await pageOf(browser, webUrl, owner);
    try {
      await ownerPage.goto('/messages');
      const unread = ownerPage.locator('.bottom-nav .unread-count');
      expect(await unread.getByText('1 unread thread').count()).toBe(1);
      expect(await ownerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages 1 unread thread' }).isVisible()).toBe(true);
      const row = ownerPage.locator('.inbox li.unread');
      expect(await row.textContent()).toContain(words.slice(0, 40));
      expect(await row.textContent()).toContain(`About your shop ${shop.name}`);
      await row.getByRole('link').click();
      await ownerPage.waitForURL((url) => url.pathname === threadPath);
      await send(ownerPage, /^Your message to /, 'Yes, ₦1,500 to Yaba. Pay when the bags reach you.');
      await threadLog(ownerPage).getByText('Yes, ₦1,500 to Yaba.', { exact: false }).waitFor();
      expect(await ownerPage.getByLabel(/^Your message to /).inputValue()).toBe('');
      expect(await ownerPage.locator('.bottom-nav .unread-count').count()).toBe(0);
    } finally {
      await ownerPage.context().close();
    }

    await page.goto('/messages');
    const row = page.locator('.inbox li.unread');
    expect(await row.textContent()).toContain('Yes, ₦1,500 to Yaba.');
    await row.getByRole('link').click();
    await threadLog(page).getByText('Pay when the bags reach you.', { exact: false }).waitFor();
    expect(await page.locator('.message-warning').count()).toBe(0);
  });

  test('a buyer sends an order request of two products; the owner accepts it and completes it; the buyer sees each status', async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { owner, shop } = await shopWithOwner(apiUrl);
    const [rice, beans] = await productsOf(apiUrl, owner, shop.id, [`Ofada rice ${tag()}`, `Oloyin beans ${tag()}`]);
    const buyer = await buyerAtApi(apiUrl);
    const buyerPage = await pageOf(browser, webUrl, buyer);
    try {
      await buyerPage.goto(`/shop/${shop.id}/order?product=${rice!.id}&qty=2`);
      await whenInteractive(buyerPage, '.order-request');
      await buyerPage.getByLabel(beans!.name).fill('3');
      await buyerPage.getByLabel('Note for the shop (optional)').fill('Pick up on Saturday');
      await buyerPage.getByRole('button', { name: 'Send order request' }).click();
      await buyerPage.waitForURL((url) => /^\/messages\/[^/]+$/.test(url.pathname));
      const card = buyerPage.locator('.order-card');
      await card.waitFor();
      expect(await card.textContent()).toContain(`${rice!.name}2₦3,000`);
      expect(await card.textContent()).toContain(`${beans!.name}3₦4,500`);
      expect(await card.textContent()).toContain('Total₦7,500');
      expect(await card.textContent()).toContain("Status: waiting for the shop's answer");
      expect(await card.getByRole('button', { name: 'Cancel request' }).isVisible()).toBe(true);
      const threadPath = new URL(buyerPage.url()).pathname;

      const ownerPage = await pageOf(browser, webUrl, owner);
      try {
        await ownerPage.goto(threadPath);
        await ownerPage.getByText('Note: Pick up on Saturday').waitFor();
        await ownerPage.getByRole('button', { name: 'Accept' }).click();
        await ownerPage.locator('.order-card').getByText('Status: accepted').waitFor();
        await ownerPage.getByRole('button', { name: 'Completed' }).click();
        await ownerPage.locator('.order-card').getByText('Status: completed').waitFor();
        expect(await ownerPage.locator('.order-card button').count()).toBe(0);
      } finally {
        await ownerPage.context().close();
      }

      await buyerPage.goto('/messages');
      expect(await buyerPage.locator('.inbox li').first().textContent()).toContain('(completed)');
      await buyerPage.goto(threadPath);
      await buyerPage.locator('.order-card').getByText('Status: completed').waitFor();
      await threadLog(buyerPage).getByText('Order accepted.').waitFor();
      expect(await buyerPage.locator('.order-card button').count()).toBe(0);
    } finally {
      await buyerPage.context().close();
    }
  });

  test('a third person gets the 404 page for the thread; a blocked buyer cannot write; a pay-first message is flagged to the buyer', async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { owner, shop } = await shopWithOwner(apiUrl);
    const buyer = await buyerAtApi(apiUrl);
    const { thread_id } = await sendAtApi(apiUrl, buyer.access, `shops/${shop.id}/messages`, { body: 'Is the rice still ₦1,500?' });
    await sendAtApi(apiUrl, owner.access, `threads/${thread_id}/messages`, { body: 'Yes. Pay first to 0123456789 and I will send it.' });

    const stranger = await buyerAtApi(apiUrl);
    const strangerPage = await pageOf(browser, webUrl, stranger);
    try {
      const response = await strangerPage.goto(`/messages/${thread_id}`);
      expect(response?.status()).toBe(404);
      await strangerPage.getByText(MSG.threadNotFound).waitFor();
      expect(await strangerPage.getByText('Is the rice still').count()).toBe(0);
    } finally {
      await strangerPage.context().close();
    }

    const buyerPage = await pageOf(browser, webUrl, buyer);
    try {
      await buyerPage.goto(`/messages/${thread_id}`);
      await buyerPage.getByText(MSG.messageWarnings.pay_first).waitFor();

      const ownerPage = await pageOf(browser, webUrl, owner);
      try {
        await ownerPage.goto(`/messages/${thread_id}`);
        expect(await ownerPage.locator('.message-warning').count()).toBe(0);
        await ownerPage.getByRole('button', { name: `Block ${buyer.username}` }).click();
        await ownerPage.getByText(MSG.blockedByMe).waitFor();
      } finally {
        await ownerPage.context().close();
      }

      await buyerPage.goto(`/messages/${thread_id}`);
      await buyerPage.getByText(MSG.blockedByOther).waitFor();
      expect(await buyerPage.locator('.message-form').count()).toBe(0);
    } finally {
      await buyerPage.context().close();
    }
  });

  test('the inbox and a thread carry their CSS in the page, allowed by the page’s policy: nothing to fetch before the first paint; with JavaScript a visit from another page styles them too', async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { threadId, page } = await buyerInThread(browser, apiUrl, webUrl, 'Do you deliver to Yaba?');
    try {
      await page.addInitScript(() => {
        const refused: string[] = [];
        Object.assign(window, { refused });
        document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
      });
      const styled = async () => {
        expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
        expect(await page.locator('main.messages').evaluate((main) => getComputedStyle(main).maxWidth)).toBe('640px');
        if (jsMode === 'on') expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
      };
      await page.goto('/messages');
      await styled();
      await page.goto(`/messages/${threadId}`);
      await styled();
      if (jsMode === 'on') {
        await page.goto('/');
        await whenInteractive(page, 'nav.bottom-nav');
        await page.locator('nav.bottom-nav a[href="/messages"]').click();
        await page.waitForURL((url) => url.pathname === '/messages');
        await page.locator('main.messages').waitFor();
        await styled();
      }
    } finally {
      await page.context().close();
    }
  });

  test('a reply of spaces is refused with words saying what to write; with JavaScript the browser refuses it and nothing is posted', async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { threadId, page: buyerPage } = await buyerInThread(browser, apiUrl, webUrl, 'Do you sell palm oil by the litre?');
    try {
      await buyerPage.goto(`/messages/${threadId}`);
      await whenInteractive(buyerPage, '.message-form');
      const posts = await postsWithScriptsHeldBack(buyerPage);
      await buyerPage.getByLabel(/^Your message to /).fill('   ');
      await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
      await buyerPage.getByText(MSG.messageRequired).waitFor();
      expect(posts).toEqual(jsMode === 'on' ? [] : [`/messages/${threadId}`]);
      await send(buyerPage, /^Your message to /, 'Two litres, please.');
      await threadLog(buyerPage).getByText('Two litres, please.').waitFor();
    } finally {
      await buyerPage.context().close();
    }
  });

  test('an order request of nothing is refused with words saying what to choose; with JavaScript the browser refuses it and nothing is posted', async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { owner, shop } = await shopWithOwner(apiUrl);
    const [rice] = await productsOf(apiUrl, owner, shop.id, [`Ofada rice ${tag()}`]);
    const buyerPage = await pageOf(browser, webUrl, await buyerAtApi(apiUrl));
    try {
      const orderPath = `/shop/${shop.id}/order`;
      await buyerPage.goto(`${orderPath}?product=${rice!.id}&qty=1`);
      await whenInteractive(buyerPage, '.order-request');
      const posts = await postsWithScriptsHeldBack(buyerPage);
      await buyerPage.getByLabel(rice!.name).fill('0');
      await buyerPage.getByRole('button', { name: 'Send order request' }).click();
      await buyerPage.getByText(MSG.orderLinesRequired).waitFor();
      expect(posts).toEqual(jsMode === 'on' ? [] : [orderPath]);
      await buyerPage.getByLabel(rice!.name).fill('2');
      await buyerPage.getByRole('button', { name: 'Send order request' }).click();
      await buyerPage.locator('.order-card').getByText('Total₦3,000').waitFor();
    } finally {
      await buyerPage.context().close();
    }
  });

  test("the owner turns on text alerts on My Shops; a buyer's message then reaches them by mail and text, each linking to the thread", async ({
    browser,
    apiUrl,
    webUrl,
  }) => {
    const { owner, shop } = await shopWithOwner(apiUrl);
    const ownerPage = await pageOf(browser, webUrl, owner);
    try {
      await ownerPage.goto('/myShop');
      const card = ownerPage.locator('.sms-alerts');
      expect(await card.textContent()).toContain('Text me when a buyer writes (SMS to 0803 ••• 4567)');
      await card.getByRole('button', { name: 'Turn on' }).click();
      await ownerPage.locator('.sms-alerts').getByRole('button', { name: 'Turn off' }).waitFor();

      const buyer = await buyerAtApi(apiUrl);
      const words = 'Do you have the 50 kg bag of rice today?';
      const { thread_id } = await sendAtApi(apiUrl, buyer.access, `shops/${shop.id}/messages`, { body: words });
      const dataDir = inject('dataDir');
      const mailed = await latestMailedLink(dataDir, owner.email, /https?:\/\/\S+\/messages\/[\w-]+/, { waitMs: 60_000 });
      expect(mailed.pathname).toBe(`/messages/${thread_id}`);
      const text = await textMessageFor(dataDir, shop.name);
      expect(text).toContain(`/messages/${thread_id}`);
      expect(text).not.toContain(words);

      await ownerPage.goto(mailed.pathname);
      await threadLog(ownerPage).getByText(words).waitFor();
    } finally {
      await ownerPage.context().close();
    }
  });

  test.runIf(jsMode === 'on')(
    'an open thread shows a new message from the other side within 5 seconds, and sends one, without a reload',
    async ({ browser, apiUrl, webUrl }) => {
      const { owner, shop } = await shopWithOwner(apiUrl);
      const buyer = await buyerAtApi(apiUrl);
      const { thread_id } = await sendAtApi(apiUrl, buyer.access, `shops/${shop.id}/messages`, { body: 'Hello, are you open today?' });
      const buyerPage = await pageOf(browser, webUrl, buyer);
      try {
        await buyerPage.goto(`/messages/${thread_id}`);
        await whenInteractive(buyerPage, '.message-form');
        await buyerPage.getByLabel(/^Your message to /).fill('Half-typed words');
        let documents = 0;
        buyerPage.on('request', (request) => {
          if (request.resourceType() === 'document') documents += 1;
        });
        await sendAtApi(apiUrl, owner.access, `threads/${thread_id}/messages`, { body: 'Yes, until 7 pm.' });
        await threadLog(buyerPage).getByText('Yes, until 7 pm.').waitFor({ timeout: 5_000 });
        expect(documents).toBe(0);
        expect(await buyerPage.getByLabel(/^Your message to /).inputValue()).toBe('Half-typed words');

        await buyerPage.getByLabel(/^Your message to /).fill('See you at 5, thank you.');
        await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
        await threadLog(buyerPage).getByText('See you at 5, thank you.').waitFor();
        await expect.poll(() => buyerPage.getByLabel(/^Your message to /).inputValue()).toBe('');
        expect(documents).toBe(0);
      } finally {
        await buyerPage.context().close();
      }
    },
  );
});
