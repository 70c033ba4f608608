import { createContext } from 'react-router';
import { MSG } from '#rules/messages.ts';
import { getWebEnv } from './env.server';
import { DRAIN_MAX_BYTES, LARGEST_FORM_BYTES } from './forms/form-limits';
import { provider } from './provider/client.server';
import type { SharedView } from './provider/contract';
import { isProviderError } from './provider/errors';

// The app's one seam with its host (web-server/), which imports nothing else of app/.
export { newNonce } from './page-security-policy.server';
export { COOKIE, isAnonymousRequest, isLite, readCookies } from './request-cookies';
export { languageOf } from './request-language.server';

/** What the host keeps for every visitor (docs/architecture.md, "Caching"). */
export type SiteMemory = {
  /** Shared by every visitor until a write through the site forgets it. */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
  contentVersion(): number;
  /** This post changes nothing anonymous visitors see. */
  keepSharedPages(): void;
};

export const siteMemoryContext = createContext<SiteMemory>();

export function memorySettings(): { publicCacheSeconds: number; redisUrl: string | undefined } {
  const { publicCacheSeconds, redisUrl } = getWebEnv();
  return { publicCacheSeconds, redisUrl };
}

export const FORM_BODY = { maxBytes: LARGEST_FORM_BYTES, drainMaxBytes: DRAIN_MAX_BYTES, tooLarge: MSG.formTooLarge };

export type { SharedView };

export type ViewsReport = { outcome: 'taken' } | { outcome: 'refused' | 'malformed' | 'failed'; reason: string };

/** `refused`: the provider takes no visits this way, so shop pages must not be shared; `malformed`: do not resend. */
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
