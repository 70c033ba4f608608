import * as build from 'virtual:react-router/server-build';
import type { Logger } from 'pino';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import { FORM_BODY, memorySettings, reportSharedViews, siteMemoryContext } from '#app/lib/host.server.ts';
import type { RequestFacts } from '#web-server/cache/page-memory.ts';
import { type Siblings, siteCache } from '#web-server/cache/site-cache.ts';
import { drainUnreadBody } from './unread-body';

/**
 * The part of the web tier that is built with the app (the server build's entry, vite.config.ts), so the
 * app, React Router and the cache run as one copy in each process. The host (http/server.ts) asks it for
 * a remembered page first, then hands it the request; it hands the app the cache through React Router's
 * context.
 */
export function createSite({ siblings, mode, log }: { siblings: Siblings; mode: 'production' | 'development'; log: Logger }) {
  const cache = siteCache({ ...memorySettings(), siblings, reportViews: reportSharedViews, log });
  const handleWithRouter = createRequestHandler(build, mode);
  return {
    formBody: FORM_BODY,
    /** The remembered page for a request, if any, before anything builds a fetch Request for it. */
    replay: cache.replay,
    handle: (request: Request, facts: RequestFacts) =>
      cache.answer(facts, (memory) => {
        const context = new RouterContextProvider();
        context.set(siteMemoryContext, memory);
        return drainUnreadBody(request, FORM_BODY.drainMaxBytes, () => handleWithRouter(request, context));
      }),
    stop: () => cache.stop(),
  };
}

export type Site = ReturnType<typeof createSite>;
