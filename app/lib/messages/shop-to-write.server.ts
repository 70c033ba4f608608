import { data } from 'react-router';
import { myRatingOf } from '#app/lib/my-rating.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import type { SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

/**
 * The shop a message or an order request goes to: its name, and whether it is the reader's own. A missing
 * or hidden shop is the 404 page, a provider that cannot answer the 503 one. `alongside` is read at once.
 */
export async function shopToWrite<T>(request: Request, signedIn: SignedIn | null, shopId: string, alongside: Promise<T>) {
  try {
    const [reviews, mine, more] = await Promise.all([provider.shopRatings(shopId, 1, 1), signedIn ? myRatingOf(request, signedIn, shopId) : null, alongside]);
    return { shopName: reviews.shop_name, ownShop: mine === 'own', more };
  } catch (error) {
    if (isProviderError(error, 404)) throw data(MSG.shopNotFound, { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}
