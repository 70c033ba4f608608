import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';

/** The address React Router fetches a page's data from (trailing-slash aware, as react-router.config.ts asks). */
const dataPath = (pathname: string) => (pathname.endsWith('/') ? `${pathname}_.data` : `${pathname}.data`);

/** Holds back the data requests for the page at `pathname` (GETs, or `method`), so what shows while it loads can be seen. */
export async function slowData(page: Page, pathname: string, { ms = 1_500, method = 'GET' } = {}) {
  await page.route(
    (url) => url.pathname === dataPath(pathname),
    async (route) => {
      if (route.request().method() === method) await delay(ms);
      await route.continue();
    },
  );
}

/** How many skeleton cards the list named `label` holds, counted once it shows. */
export async function skeletonCards(page: Page, label: string): Promise<number> {
  const cards = page.getByRole('list', { name: label }).locator('li');
  await cards.first().waitFor();
  return cards.count();
}
