import { provider } from '#app/lib/provider/client.server.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, CHECKOUT_GRACE_MS, type SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

/** Only a web address can be a checkout: a provider answering anything else must not steer the browser. */
export function isCheckoutUrl(url: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Rechecked by itself only this long, then when asked: each check keeps the session alive, and someone who
 * has gone must be signed out (docs/product.md §4).
 */
const RECHECK_FOR_MS = CHECKOUT_GRACE_MS;

/**
 * Where the pending page goes for its next check by itself, carrying when the checks began (`since`, ms);
 * null once they have gone on for RECHECK_FOR_MS. A missing, malformed or future `since` starts now.
 */
export function nextRecheck(reference: string, since: string | null, now = Date.now()): string | null {
  const given = since && /^\d{1,15}$/.test(since) ? Number(since) : now;
  const began = Math.min(given, now);
  if (now - began >= RECHECK_FOR_MS) return null;
  return `/verify-transaction?${new URLSearchParams({ reference, since: String(began) })}`;
}

export type VerifiedPayment =
  | { state: 'paid'; amount: number; paidAt: string | null; until: string | null; shop: { id: string; name: string } | null }
  | { state: 'pending'; amount: number; shop: { id: string; name: string } | null }
  | { state: 'failed'; error: string; mayRetry: boolean; payAgainFor: string | null };

function shopNamed(shops: Shop[], shopId: string | null | undefined) {
  const shop = shops.find((candidate) => candidate.id === shopId);
  return shop ? { id: shop.id, name: shop.name } : null;
}

/** The provider's answer about a payment, as the verification page tells it. */
export async function verifyPayment(request: Request, signedIn: SignedIn | null, reference: string): Promise<VerifiedPayment> {
  if (!reference || reference.length > 200) return { state: 'failed', error: MSG.paymentReferenceMissing, mayRetry: false, payAgainFor: null };
  try {
    const verified = await asSignedIn(request, signedIn, (token) => provider.verifyPayment(token, reference));
    // The shop's name is a courtesy: the payment's result stands without it.
    const shops = await asSignedIn(request, signedIn, (token) => provider.profile(token)).then(
      (profile) => profile.shops,
      (error: unknown) => {
        if (isProviderError(error)) return [];
        throw error;
      },
    );
    const shop = shopNamed(shops, verified.shop_id ?? verified.ad?.shop_id);
    if (verified.status === 'pending') return { state: 'pending', amount: verified.amount, shop };
    return { state: 'paid', amount: verified.amount, paidAt: verified.date ?? verified.ad?.paid_at ?? null, until: verified.ad?.ends_at ?? null, shop };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // A declined or cancelled payment is final; a provider that could not answer may still have been paid.
    const final = error.failure === 'http' && (error.status ?? 500) < 500;
    // A payment that will not be made names its shop, so the shopper can start a new one for it.
    const shopId = final && error.body && typeof error.body === 'object' ? (error.body as { shop_id?: unknown }).shop_id : undefined;
    const payAgainFor = typeof shopId === 'string' ? shopId : null;
    return { state: 'failed', error: error.formMessage() ?? MSG.paymentVerifyUnreachable, mayRetry: !final, payAgainFor };
  }
}
