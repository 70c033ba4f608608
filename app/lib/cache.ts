/**
 * For pages whose HTML depends on the URL alone: a browser or CDN may reuse them for a few minutes,
 * which saves data on slow networks. The root middleware still makes every signed-in page private.
 */
export const STATIC_PAGE_CACHE = { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' };
