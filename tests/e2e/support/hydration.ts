import type { Page } from 'playwright-core';
import { jsMode } from './browser';

/** Runs in the page: whether React has hydrated the element (it marks each one with its props). */
const hydrated = (selector: string) => Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__reactProps'));

/** Whether React has taken over the element `selector` finds. */
export function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(hydrated, selector);
}

/**
 * With JavaScript on, waits until React has hydrated the element, so the test drives the in-page behaviour
 * and not the plain form underneath.
 */
export async function whenInteractive(page: Page, selector: string) {
  if (jsMode === 'off') return;
  await page.waitForFunction(hydrated, selector);
}

/**
 * Holds back every script `page` asks for until the returned function is called: the page is then as a
 * slow phone shows it before JavaScript arrives, and a test can tap and type in it before hydration.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.fallback();
    },
  );
  return release;
}
