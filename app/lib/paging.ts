export function pageFrom(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export const PAGE_SIZE = 24;

/** A signed-in page is made private by the root. */
export const PUBLIC_LIST_CACHE = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=120' };

/** A message-id cursor (`before`, `after`) of the inbox and threads; anything else starts from the newest. */
export function cursorFrom(url: URL, name: 'before' | 'after'): number | undefined {
  const number = Number(url.searchParams.get(name));
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
