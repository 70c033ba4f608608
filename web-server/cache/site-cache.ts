import type { Logger } from 'pino';
import type { SharedView, SiteMemory, ViewsReport } from '#app/lib/host.server.ts';
import { boundedMemory } from './bounded-memory';
import { otherInstances } from './other-instances';
import { pageMemory, type RequestFacts } from './page-memory';
import { visitCounter } from './visit-counts';

/** How the web tier's other processes hear of a write here, and how this one hears of theirs (the host's cluster). */
export type Siblings = { tell(): Promise<void>; onChange(listener: () => void): void };

export type SiteCacheOptions = {
  publicCacheSeconds: number;
  redisUrl: string | undefined;
  siblings: Siblings;
  reportViews: (views: SharedView[]) => Promise<ViewsReport>;
  log: Logger;
};

/** Provider answers shared by every visitor: the lists and categories, as many as a few hundred searches. */
const ANSWERS_CAPACITY = 500;

/**
 * The web tier's one cache (docs/architecture.md, "Caching"): the whole pages anonymous visitors share,
 * the provider answers every visitor shares, and the content version both are read under. A write
 * through this process, another process of this tier, or (with REDIS_URL) any other web instance bumps
 * the version, so the next visitor sees the change.
 */
export function siteCache({ publicCacheSeconds, redisUrl, siblings, reportViews, log }: SiteCacheOptions) {
  const ttlMs = publicCacheSeconds * 1000;
  let version = 0;
  const contentVersion = () => version;
  const forget = () => {
    version += 1;
  };
  siblings.onChange(forget);
  const others = redisUrl ? otherInstances(redisUrl, forget, log) : undefined;
  const visits = visitCounter(reportViews, log);
  const answers = boundedMemory<Promise<unknown>>(ANSWERS_CAPACITY, ttlMs, contentVersion);

  /** For one request: what its loaders and actions share, and whether its post changed what visitors share. */
  function memoryFor(): SiteMemory & { keepsSharedPages: () => boolean } {
    let keeps = false;
    return {
      shared<T>(key: string, read: () => Promise<T>): Promise<T> {
        if (ttlMs === 0) return read();
        const remembered = answers.get(key) as Promise<T> | undefined;
        if (remembered) return remembered;
        // Visitors arriving together share one provider call; a failed call is forgotten at once.
        const answer = read();
        answers.set(key, answer, version);
        answer.catch(() => answers.forget(key, answer));
        return answer;
      },
      contentVersion,
      keepSharedPages: () => {
        keeps = true;
      },
      keepsSharedPages: () => keeps,
    };
  }

  const pages = pageMemory(ttlMs, contentVersion, visits);

  /**
   * After the app answered a write (any method but GET and HEAD) with a success or a redirect: both
   * memories are emptied here, in this tier's other processes and through Redis in other instances,
   * before the answer leaves, so the writer's next page shows the change. A form shown again with its
   * errors counts (a timed-out write may still have landed); a refused one does not, nor a post the
   * app marked as changing nothing anonymous visitors see (signing in, a heart).
   */
  async function afterAnswer(method: string, status: number, keepsShared: boolean): Promise<void> {
    if (method === 'GET' || method === 'HEAD' || status >= 400 || keepsShared) return;
    forget();
    await Promise.all([siblings.tell(), others?.announce()]);
  }

  return {
    contentVersion,
    /** The remembered page for a request, if any (pages.replay), asked before the request reaches the app. */
    replay: pages.replay,
    /**
     * Answers a request the memory did not with `render`, which gets the memory this request's loaders
     * share; keeps the page when every anonymous visitor may share it (a page rendered while a write was
     * under way may show the old content, and is not kept), and empties the memories after a write.
     */
    async answer(facts: RequestFacts, render: (memory: SiteMemory) => Promise<Response>): Promise<Response> {
      const key = pages.keyOf(facts);
      const readUnder = version;
      const memory = memoryFor();
      const response = await render(memory);
      await afterAnswer(facts.method, response.status, memory.keepsSharedPages());
      return key === null ? response : pages.remember(key, response, readUnder);
    },
    /** As the process stops: the views counted from memory go to the provider, Redis is let go. */
    async stop(): Promise<void> {
      await visits.flush();
      await others?.close();
    },
  };
}
