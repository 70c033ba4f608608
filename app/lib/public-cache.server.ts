import { getWebEnv } from './env.server';
import { isAnonymousRequest } from './request-cookies';

/**
 * A short-lived, per-process memory of provider answers every visitor sees alike (the public lists). Each
 * answer carries the content version it was read under; the web server forgets them all, with its own
 * memory of whole pages, after a write through any web process (web-server/README.md, "Caching"). Writes
 * that bypass the web tiers (a Paystack webhook to the API) show within PUBLIC_CACHE_SECONDS.
 */
let version = 0;

/** The web server calls it, through the build's entry, whenever public content changed. */
export function forgetPublicAnswers(): void {
  version += 1;
}

/** Changes whenever public content did (see forgetPublicAnswers). */
export function publicContentVersion(): number {
  return version;
}

export function publicCacheMs(): number {
  return getWebEnv().publicCacheSeconds * 1000;
}

/** Whether a request may be answered from, or stored into, the whole pages anonymous visitors share. */
export function sharesPublicCache(cookie: string | null | undefined, authorization: string | null | undefined): boolean {
  return publicCacheMs() > 0 && isAnonymousRequest(cookie, authorization);
}

/**
 * A memory of at most `capacity` entries (search words are the visitors' own), oldest forgotten first;
 * an entry read under another version than `versionNow()` is gone.
 */
export function boundedMemory<T>(capacity: number, versionNow: () => number) {
  const entries = new Map<string, { value: T; version: number; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version === versionNow() && entry.expires > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, readUnder: number): void {
      // A read that began before a write finished may hold the old content: not worth keeping.
      if (readUnder !== versionNow()) return;
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

const answers = boundedMemory<Promise<unknown>>(500, () => version);

/**
 * The provider's answer to a public read (no token, the same for everyone), worked into what the page
 * shows, shared by every visitor of this process for PUBLIC_CACHE_SECONDS: a write through the site
 * empties it before its answer leaves, so a signed-in owner sees their own change at once, and a
 * signed-in page is still rendered for its visitor. Visitors arriving together share one provider call;
 * a failed call is forgotten at once.
 */
export function cachedPublicRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (publicCacheMs() === 0) return read();
  const remembered = answers.get(key) as Promise<T> | undefined;
  if (remembered) return remembered;
  const readUnder = version;
  const answer = read();
  answers.set(key, answer, readUnder);
  answer.catch(() => answers.forget(key, answer));
  return answer;
}
