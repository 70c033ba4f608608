import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { SAVED_SHOPS_COOKIE_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { cookieSavedIds, savedIdsCookie } from './saved-cookie.server';

/** A provider that cannot say shows every heart empty rather than failing the page. */
export async function savedIdsOf(request: Request, signedIn: SignedIn | null): Promise<Set<string>> {
  if (!signedIn) return new Set(await cookieSavedIds(request));
  try {
    return new Set((await asSignedIn(request, signedIn, (token) => provider.savedIds(token))).shop_ids);
  } catch (error) {
    if (error instanceof ProviderError) return new Set();
    throw error;
  }
}

export type SavedChange = { shop: string; saved: boolean; error?: string; status: number; setCookie?: string };

function refusal(error: ProviderError): { error: string; status: number } {
  if (error.status === 404) return { error: MSG.savedShopGone, status: 404 };
  if (error.status === 409) return { error: error.formMessage() ?? MSG.savedFullAccount, status: 409 };
  if (error.status === 429) return { error: MSG.tooManyAttempts(error.retryAfterSeconds), status: 429 };
  return { error: MSG.savedFailed, status: error.status && error.status < 500 ? error.status : 502 };
}

export async function changeSaved(request: Request, signedIn: SignedIn | null, shop: string, save: boolean): Promise<SavedChange> {
  try {
    if (signedIn) {
      await asSignedIn(request, signedIn, (token) => (save ? provider.saveShop(token, shop) : provider.unsaveShop(token, shop)));
      return { shop, saved: save, status: 200 };
    }
    const ids = await cookieSavedIds(request);
    if (!save) return { shop, saved: false, status: 200, setCookie: await savedIdsCookie(ids.filter((id) => id !== shop)) };
    if (ids.includes(shop)) return { shop, saved: true, status: 200 };
    // Refused rather than forgetting the oldest: nobody loses a shop they saved without seeing it go.
    if (ids.length >= SAVED_SHOPS_COOKIE_MAX) return { shop, saved: false, error: MSG.savedFullCookie, status: 409 };
    if (!(await provider.shopsByIds([shop])).results.length) return { shop, saved: false, error: MSG.savedShopGone, status: 404 };
    return { shop, saved: true, status: 200, setCookie: await savedIdsCookie([shop, ...ids]) };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return { shop, saved: !save, ...refusal(error) };
  }
}
