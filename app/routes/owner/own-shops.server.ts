import { data } from 'react-router';
import { provider } from '#app/lib/provider/client.server.ts';
import type { OwnShop } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

/** The visitor's shops, from their profile (which counts no visit, unlike GET /shops/{id}). */
export async function ownShops(request: Request, signedIn: SignedIn | null): Promise<OwnShop[]> {
  try {
    return (await asSignedIn(request, signedIn, (token) => provider.profile(token))).shops;
  } catch (error) {
    if (!isProviderError(error)) throw error;
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

/** One of the visitor's shops. Someone else's shop is "not found" to them: its forms are never shown. */
export async function ownShop(request: Request, signedIn: SignedIn | null, shopId: string): Promise<OwnShop> {
  const shop = (await ownShops(request, signedIn)).find((candidate) => candidate.id === shopId);
  if (!shop) throw data(MSG.shopWithIdNotFound(shopId), { status: 404 });
  return shop;
}
