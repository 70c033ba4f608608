import type { Page } from 'playwright-core';

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

/** Whether React has taken over the element `selector` finds. */
export function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__react')), selector);
}
