import type { CurrentRating } from '#app/components/shop/rating-fields.tsx';
import { provider } from './provider/client.server';
import { isProviderError } from './provider/errors';
import { asSignedIn, type SignedIn } from './session.server';

/** 'own': the shop's owner, who is told they cannot rate it rather than offered a form. */
export async function myRatingOf(request: Request, signedIn: SignedIn | null, shopId: string): Promise<CurrentRating | 'own'> {
  try {
    const { stars, review } = await asSignedIn(request, signedIn, (token) => provider.myRating(token, shopId));
    return { stars, review };
  } catch (error) {
    if (isProviderError(error, 404)) return null;
    if (isProviderError(error, 403)) return 'own';
    throw error;
  }
}
