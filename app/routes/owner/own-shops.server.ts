import { data } from 'react-router';
import { provider } from '#app/lib/provider/client.server.ts';
import type { OwnShop } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asVisitor, type Visitor } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

/** The visitor's shops, from their profile (which counts no visit, unlike GET /shops/{id}). */
export async function ownShops(request: Request, visitor: Visitor): Promise<OwnShop[]> {
  try {
    return (await asVisitor(request, visitor, (token) => provider.profile(token))).shops;
  } catch (error) {
    if (!isProviderError(error)) throw error;
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

/** One of the visitor's shops. Someone else's shop is "not found" to them: its forms are never shown. */
export async function ownShop(request: Request, visitor: Visitor, shopId: string): Promise<OwnShop> {
  const shop = (await ownShops(request, visitor)).find((candidate) => candidate.id === shopId);
  if (!shop) throw data(MSG.shopWithIdNotFound(shopId), { status: 404 });
  return shop;
}
