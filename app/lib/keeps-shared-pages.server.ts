import type { MiddlewareFunction } from 'react-router';

/** Marks an answer for the web server, which removes the mark before it leaves (web-server/content-changes.ts). */
export const KEEPS_SHARED_PAGES_HEADER = 'X-Kasuwa-Keeps-Shared-Pages';

/**
 * Route middleware of the posts that change nothing an anonymous visitor sees (signing in and out, the
 * password pages, a heart, a report, the Lite mode switch): after them the web server keeps the pages
 * every visitor shares, which any other successful write empties.
 */
export const keepsSharedPages: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set(KEEPS_SHARED_PAGES_HEADER, '1');
  return response;
};
