import * as build from 'virtual:react-router/server-build';
import type { Logger } from 'pino';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import { FORM_BODY, memorySettings, reportSharedViews, siteMemoryContext } from '#app/lib/host.server.ts';
import type { RequestFacts } from '#web-server/cache/page-memory.ts';
import { type Siblings, siteCache } from '#web-server/cache/site-cache.ts';
import { drainUnreadBody } from './unread-body';

/** Built with the app, so the app, React Router and the cache run as one copy in each process. */
export function createSite({ siblings, mode, log }: { siblings: Siblings; mode: 'production' | 'development'; log: Logger }) {
  const cache = siteCache({ ...memorySettings(), siblings, reportViews: reportSharedViews, log });
  const handleWithRouter = createRequestHandler(build, mode);
  return {
    formBody: FORM_BODY,
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
