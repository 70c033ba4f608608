import type { CurrentRating } from '#app/components/shop/rating-fields.tsx';
import { provider } from './provider/client.server';
import { isProviderError } from './provider/errors';
import { asVisitor, type Visitor } from './session.server';

/**
 * The visitor's own rating of a shop, to fill a rating form: null when they have not rated it, and 'own'
 * for the shop's owner, who is told they cannot rather than offered a form. Other failures are thrown.
 */
export async function myRatingOf(request: Request, visitor: Visitor, shopId: string): Promise<CurrentRating | 'own'> {
  try {
    const { stars, review } = await asVisitor(request, visitor, (token) => provider.myRating(token, shopId));
    return { stars, review };
  } catch (error) {
    if (isProviderError(error, 404)) return null;
    if (isProviderError(error, 403)) return 'own';
    throw error;
  }
}
