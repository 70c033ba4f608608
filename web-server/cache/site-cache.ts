import type { Logger } from 'pino';
import type { SharedView, SiteMemory, ViewsReport } from '#app/lib/host.server.ts';
import { boundedMemory } from './bounded-memory';
import { otherInstances } from './other-instances';
import { pageMemory, type RequestFacts } from './page-memory';
import { visitCounter } from './visit-counts';

export type Siblings = { tell(): Promise<void>; onChange(listener: () => void): void };

export type SiteCacheOptions = {
  publicCacheSeconds: number;
  redisUrl: string | undefined;
  siblings: Siblings;
  reportViews: (views: SharedView[]) => Promise<ViewsReport>;
  log: Logger;
};

const ANSWERS_CAPACITY = 500;

/** The web tier's one cache: see docs/architecture.md, "Caching". */
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

  // Emptied before the answer leaves, so the writer's next page shows the change; a form shown again
  // with its errors counts, since a timed-out write may still have landed.
  async function afterAnswer(method: string, status: number, keepsShared: boolean): Promise<void> {
    if (method === 'GET' || method === 'HEAD' || status >= 400 || keepsShared) return;
    forget();
    await Promise.all([siblings.tell(), others?.announce()]);
  }

  return {
    contentVersion,
    replay: pages.replay,
    // A page rendered while a write was under way may show the old content, so it is not kept.
    async answer(facts: RequestFacts, render: (memory: SiteMemory) => Promise<Response>): Promise<Response> {
      const key = pages.keyOf(facts);
      const readUnder = version;
      const memory = memoryFor();
      const response = await render(memory);
      await afterAnswer(facts.method, response.status, memory.keepsSharedPages());
      return key === null ? response : pages.remember(key, response, readUnder);
    },
    async stop(): Promise<void> {
      await visits.flush();
      await others?.close();
    },
  };
}
