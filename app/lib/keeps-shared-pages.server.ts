import type { MiddlewareFunction } from 'react-router';
import { siteMemoryContext } from './host.server';

/** For posts that change nothing anonymous visitors see; any other successful write empties the shared pages. */
export const keepsSharedPages: MiddlewareFunction<Response> = ({ context }, next) => {
  context.get(siteMemoryContext).keepSharedPages();
  return next();
};
