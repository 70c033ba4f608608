import { createContext } from 'react-router';
import { MSG } from '#rules/messages.ts';
import { getWebEnv } from './env.server';
import { DRAIN_MAX_BYTES, LARGEST_FORM_BYTES } from './forms/form-limits';
import { provider } from './provider/client.server';
import type { SharedView } from './provider/contract';
import { isProviderError } from './provider/errors';

/**
 * The app's one seam with its host (web-server/): what the host hands loaders and actions through
 * React Router's context, and what the host needs of the app. The host imports nothing else of app/,
 * so one reading of a request (request-cookies.ts) serves the app and the shared memory alike.
 */
export { COOKIE, isAnonymousRequest, isLite, readCookies } from './request-cookies';

/** What the host keeps for every visitor (docs/architecture.md, "Caching"). */
export type SiteMemory = {
  /** A provider answer every visitor sees alike, shared for PUBLIC_CACHE_SECONDS; a write through the site forgets it. */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Changes whenever public content did. */
  contentVersion(): number;
  /** This post changes nothing anonymous visitors see: the pages they share stay. */
  keepSharedPages(): void;
};

export const siteMemoryContext = createContext<SiteMemory>();

/** The app's settings its host's memory follows. */
export function memorySettings(): { publicCacheSeconds: number; redisUrl: string | undefined } {
  const { publicCacheSeconds, redisUrl } = getWebEnv();
  return { publicCacheSeconds, redisUrl };
}

/** The largest body any form takes, what is read of one refused unread, and what the visitor is told. */
export const FORM_BODY = { maxBytes: LARGEST_FORM_BYTES, drainMaxBytes: DRAIN_MAX_BYTES, tooLarge: MSG.formTooLarge };

export type { SharedView };

export type ViewsReport = { outcome: 'taken' } | { outcome: 'refused' | 'malformed' | 'failed'; reason: string };

/**
 * Reports views of shop pages the host served from its memory. `refused`: the provider does not take
 * visits this way (shop pages must not be shared); `malformed`: sending them again would not help.
 */
export async function reportSharedViews(views: SharedView[]): Promise<ViewsReport> {
  try {
    await provider.reportViews(views);
    return { outcome: 'taken' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isProviderError(error, 403) || isProviderError(error, 404)) return { outcome: 'refused', reason };
    return { outcome: isProviderError(error, 400) ? 'malformed' : 'failed', reason };
  }
}
