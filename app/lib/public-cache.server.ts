import { getWebEnv } from './env.server';
import { otherInstances } from './other-instances.server';
import { SESSION_COOKIE } from './session.server';
import { siblingWorkers } from './sibling-workers.server';

/**
 * A short-lived, per-process memory of what every anonymous visitor sees alike: provider answers for
 * public lists and, in `public-page-cache.server.ts`, whole public pages. Anything remembered carries
 * the content version it was read under; a write through this web process, through another process
 * of the same web tier, or (with REDIS_URL) through any other web instance bumps the version
 * (`publicContentChanged`), so the next visitor sees the change at once. Writes that bypass the web
 * tiers (a Paystack webhook to the API) show within PUBLIC_CACHE_SECONDS.
 */
let version = 0;
const forgetShared = () => {
  version += 1;
};
const tellSiblings = siblingWorkers(forgetShared);
let tellOtherInstances = (): Promise<void> => Promise.resolve();

/** With REDIS_URL, hears of and announces writes through every web instance; entry.server calls it once as the server starts. */
export function shareChangesThroughRedis(redisUrl: string): void {
  tellOtherInstances = otherInstances(redisUrl, forgetShared);
}

/**
 * Called after every write this process sends to the provider, whatever its outcome; resolves once the
 * web tier's other processes have forgotten their shared copies too, and Redis has told other instances.
 */
export async function publicContentChanged(): Promise<void> {
  version += 1;
  await Promise.all([tellSiblings(), tellOtherInstances()]);
}

export function contentVersion(): number {
  return version;
}

export function publicCacheMs(): number {
  return getWebEnv().publicCacheSeconds * 1000;
}

/**
 * Whether a request may be answered from what anonymous visitors share: not when it carries the session
 * cookie, even an expired one. A signed-in page names the person, and an owner (or the older client
 * writing straight to the API) must see their own change at once; the session code must see the cookie.
 */
export function sharesPublicCache(cookie: string | null | undefined): boolean {
  return publicCacheMs() > 0 && !(cookie ?? '').includes(`${SESSION_COOKIE}=`);
}

/** A memory of at most `capacity` entries (search words are the visitors' own), oldest forgotten first. */
export function boundedMemory<T>(capacity: number) {
  const entries = new Map<string, { value: T; version: number; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version === version && entry.expires > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, readUnder: number): void {
      // A read that began before a write finished may hold the old content: not worth keeping.
      if (readUnder !== version) return;
      entries.delete(key);
      entries.set(key, { value, version: readUnder, expires: Date.now() + publicCacheMs() });
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    /** Forgets `key` if it still holds `value` (a newer entry stays). */
    forget(key: string, value: T): void {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  };
}

const answers = boundedMemory<Promise<unknown>>(500);

/**
 * The provider's answer to a public read (no token, same for everyone), shared by anonymous visitors for
 * PUBLIC_CACHE_SECONDS. Visitors arriving together share one provider call; a failed call is forgotten at once.
 * `withSignedIn`: signed-in visitors share it too, for an answer where another person's change showing a
 * few seconds late is harmless (the category list: counting it reads every shop).
 */
export function cachedPublicRead<T>(request: Request, key: string, read: () => Promise<T>, options: { withSignedIn?: boolean } = {}): Promise<T> {
  if (options.withSignedIn ? publicCacheMs() === 0 : !sharesPublicCache(request.headers.get('cookie'))) return read();
  const remembered = answers.get(key) as Promise<T> | undefined;
  if (remembered) return remembered;
  const readUnder = version;
  const answer = read();
  answers.set(key, answer, readUnder);
  answer.catch(() => answers.forget(key, answer));
  return answer;
}
