import { useEffect } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { AdPlanSummary, AdStep } from '#app/components/ads/ad-plan-summary.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { paymentStartFailure, refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, leavingForCheckoutCookie, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { ownShop } from '#app/routes/owner/own-shops.server.ts';
import { AD_PLAN } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/naira.ts';
import adsStylesheet from '../../styles/ads.css?url';
import type { Route } from './+types/payment-initiation';
import { isCheckoutUrl } from './payments.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adsStylesheet }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, visitor, params.shop_id);
  if (shop.hidden) throw data(MSG.hiddenShopKept, { status: 409 });
  return { shop: { id: shop.id, name: shop.name, sponsoredUntil: shop.is_sponsored ? shop.sponsored_until : null }, words: pageWords(request, 'ads') };
}

/** Opens the checkout and sends the browser there. The provider answers a second tap with the same checkout. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = requireSignedIn(request, context.get(signedInContext));
  try {
    const { authorization_url } = await asSignedIn(request, visitor, (token) => provider.initiatePayment(token, params.shop_id));
    if (!isCheckoutUrl(authorization_url)) return data({ error: MSG.paymentInitFailed }, { status: 502 });
    return redirect(authorization_url, { headers: { 'Set-Cookie': await leavingForCheckoutCookie(request) } });
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // Someone else's shop, or one deleted meanwhile: the same page as opening it would give.
    if (error.status === 403 || error.status === 404) throw data(MSG.shopWithIdNotFound(params.shop_id), { status: 404 });
    return data({ error: paymentStartFailure(error) }, { status: refusedStatus(error) });
  }
}

export default function PaymentInitiation({ loaderData, actionData }: Route.ComponentProps) {
  const { shop } = loaderData;
  const t = useT();
  useFreshAfterBack();
  const price = priceInNaira(AD_PLAN.priceNaira);
  return (
    <main className="ads-page">
      <AdStep step={2} />
      <h1 className="section-title">{t('ads.payFor', { name: shop.name })}</h1>
      <AdPlanSummary sponsoredUntil={shop.sponsoredUntil} />
      {actionData?.error && (
        <p className="notice error" role="alert">
          {t.said(actionData.error)}
        </p>
      )}
      <Form method="post" className="ad-actions">
        {/* The renewal reminder's link lands here: a running ad is renewed, from its end. */}
        <SubmitButton pendingLabel={t('ads.opening')}>{shop.sponsoredUntil ? t('ads.renewFor', { price }) : t('ads.pay', { price })}</SubmitButton>
        <Link to={`/shop/${encodeURIComponent(shop.id)}/step1`} className="button secondary">
          {t('ads.back')}
        </Link>
      </Form>
      <p className="field-hint">{t('ads.onPaystack')}</p>
    </main>
  );
}

/**
 * Coming back from the payment page with the Back button restores this page as it was left, its button
 * still saying it is opening the payment page; reloading shows it fresh.
 */
function useFreshAfterBack() {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [
    { title: loaderData ? t('ads.payForPageTitle', { name: loaderData.shop.name }) : t('ads.payForAdsPageTitle') },
    { name: 'robots', content: 'noindex' },
  ];
}
