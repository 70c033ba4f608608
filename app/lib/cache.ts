/** For pages whose HTML depends on the URL alone; the root still makes every signed-in page private. */
export const STATIC_PAGE_CACHE = { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' };
