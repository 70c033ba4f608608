import type { Browser, Page } from 'playwright-core';
import { type PagePerf, slowestInteraction, WATCH_PERFORMANCE } from './page-perf';
import { type NetworkProfile, PHONE, throttle } from './phone-visit';
import type { SessionCookie } from './signed-in-buyer';

/** What people tap first (issue 33), each on the page where they find it, once React has taken over its element. */
export type Interaction = {
  name: string;
  page: string;
  path: string;
  /** The element React must have hydrated before the tap. */
  ready: string;
  signedIn?: 'buyer' | 'owner';
  act(page: Page): Promise<void>;
};

/** Runs in the page: whether React has hydrated the element (it marks each one with its props). */
const hydrated = (selector: string) => Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__reactProps'));

/** Long enough for the events' entries to be reported after the paint that follows them. */
const SETTLE_MS = 1500;

/**
 * One cold visit with JavaScript on as a phone on `profile`, then the interaction once the page is
 * hydrated and the network idle: its Interaction to Next Paint, the slowest of the taps and keys it
 * made, by the Event Timing API (0 when none took 16 ms).
 */
export async function interactionTime(
  browser: Browser,
  url: string,
  interaction: Interaction,
  options: { profile: NetworkProfile; cookie?: SessionCookie; locale: string },
): Promise<number> {
  const context = await browser.newContext({ ...PHONE, locale: options.locale });
  try {
    if (options.cookie) await context.addCookies([{ ...options.cookie, url: new URL(url).origin, httpOnly: true, sameSite: 'Lax' }]);
    await context.addInitScript({ content: WATCH_PERFORMANCE });
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page), options.profile);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(hydrated, interaction.ready, { timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const since = await page.evaluate(() => performance.now());
    await interaction.act(page);
    await page.waitForTimeout(SETTLE_MS);
    const perf = await page.evaluate(() => (window as unknown as { __kasuwaPerf: PagePerf }).__kasuwaPerf);
    return slowestInteraction(perf, since);
  } finally {
    await context.close();
  }
}
