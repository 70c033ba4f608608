import type { MiddlewareFunction } from 'react-router';
import { siteMemoryContext } from './host.server';

/**
 * Route middleware of the posts that change nothing an anonymous visitor sees (signing in and out, the
 * password pages, a heart, a report, the Lite mode switch): after them the host keeps the pages every
 * visitor shares, which any other successful write empties.
 */
export const keepsSharedPages: MiddlewareFunction<Response> = ({ context }, next) => {
  context.get(siteMemoryContext).keepSharedPages();
  return next();
};
