import { provider } from '#app/lib/provider/client.server.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { cookieSavedIds, savedIdsCookie } from './saved-cookie.server';

/** When the provider cannot take them, the cookie stays for the next sign-in. */
export async function mergeSavedAtSignIn(request: Request, access: string): Promise<string | null> {
  const ids = await cookieSavedIds(request);
  if (!ids.length) return null;
  try {
    await provider.mergeSaved(access, ids);
    return savedIdsCookie([]);
  } catch (error) {
    if (error instanceof ProviderError) return null;
    throw error;
  }
}
