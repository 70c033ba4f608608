import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { logOut, signIn } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { grantModerator } from './support/moderators';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

async function sendAtApi(apiUrl: string, access: string, path: string, body: string): Promise<{ thread_id: string; message: { id: number } }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  if (response.status !== 201) throw new Error(`message failed: ${response.status} ${await response.text()}`);
  return response.json();
}

async function signInAs(page: Page, person: { username: string; password: string }) {
  await signIn(page, person.username, person.password);
  await page.waitForURL((url) => url.pathname === '/');
}

async function choose(page: Page, form: string, label: string, text?: { field: string; value: string }) {
  await whenInteractive(page, form);
  await page.getByLabel(label, { exact: true }).check();
  if (text) await page.getByLabel(text.field).fill(text.value);
}

describe(`reporting a message (JavaScript ${jsMode})`, () => {
  test("a buyer reports the shop's message; only the thread's sides find the form; a moderator reads it in its thread and removes it for both", async ({
    page,
    apiUrl,
  }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Quick Loans ${tag()}` });
    const [buyer, stranger, moderator] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];
    const asked = await sendAtApi(apiUrl, buyer.access, `/shops/${shop.id}/messages`, 'Is the blender still for sale?');
    const thread = asked.thread_id;
    const scam = await sendAtApi(apiUrl, owner.access, `/threads/${thread}/messages`, 'Yes. Pay first into 0123456789 today.');
    const reportPage = `/messages/${thread}/${scam.message.id}/report`;

    // Signed out, the form asks for a sign-in; a stranger to the thread, and the message's own sender, find nothing to report.
    await page.goto(reportPage);
    await page.waitForURL((url) => url.pathname === '/login');
    await signInAs(page, stranger);
    expect((await page.goto(reportPage))?.status()).toBe(404);
    await page.goto('/');
    await logOut(page);
    await signInAs(page, owner);
    expect((await page.goto(reportPage))?.status()).toBe(403);
    await page.goto('/');
    await logOut(page);

    await signInAs(page, buyer);
    await page.goto(`/messages/${thread}`);
    await page.getByRole('link', { name: 'Report this message' }).click();
    await page.waitForURL((url) => url.pathname === reportPage);
    expect(await page.locator('blockquote').textContent()).toBe('Yes. Pay first into 0123456789 today.');
    await choose(page, '#report', 'Other');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Please say what is wrong.').waitFor();
    await choose(page, '#report', 'Scam or fraud');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.waitForURL((url) => url.pathname === `/messages/${thread}` && url.searchParams.get('reported') === '1');
    await page.getByText(MSG.reportSent).waitFor();
    await page.goto(reportPage);
    await choose(page, '#report', 'Scam or fraud');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('You have already reported this. A moderator will look at it.').waitFor();
    await logOut(page);

    await grantModerator(moderator.email);
    await signInAs(page, moderator);
    await page.goto('/moderation');
    await page.getByRole('link', { name: `Message by ${shop.name} in a conversation with ${shop.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/moderation/messages/${scam.message.id}`);
    const conversation = page.getByRole('list', { name: 'The message in its conversation' });
    // With JavaScript the address changes before the new page is drawn.
    await conversation.waitFor();
    expect(await conversation.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`${buyer.username} (buyer)`),
      expect.stringContaining(`${shop.name} (shop)`),
    ]);
    await choose(page, '#moderate', 'Hide', { field: 'Note', value: 'Asks for payment up front' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Hide.').waitFor();
    expect(await page.getByRole('list', { name: 'Moderation log' }).textContent()).toContain('Asks for payment up front');

    for (const person of [buyer, owner]) {
      const read = await fetch(`${apiUrl}/threads/${thread}`, { headers: { authorization: `Bearer ${person.access}` } });
      const removed = ((await read.json()).messages as { id: number; body: string }[]).find((message) => message.id === scam.message.id);
      expect(removed?.body).toBe("This message was removed by Kasuwa's moderators.");
    }
  });
});
