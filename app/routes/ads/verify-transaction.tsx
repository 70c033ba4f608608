import { useEffect } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { useServerRendered } from '#app/lib/hydrated.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/naira.ts';
import adsStylesheet from '../../styles/ads.css?url';
import type { Route } from './+types/verify-transaction';
import { nextRecheck, verifyPayment } from './payments.server';

/** A bank transfer can take minutes to confirm: the pending page asks again this often. */
const RECHECK_SECONDS = 10;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adsStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const { searchParams } = new URL(request.url);
  const reference = searchParams.get('reference')?.trim() ?? '';
  const payment = await verifyPayment(request, signedIn, reference);
  const status = payment.state === 'failed' ? (payment.mayRetry ? 503 : 400) : 200;
  const recheck = payment.state === 'pending' ? nextRecheck(reference, searchParams.get('since')) : null;
  return data({ payment, reference, recheck, words: pageWords(request, 'ads') }, { status });
}

export default function VerifyTransaction({ loaderData }: Route.ComponentProps) {
  const { payment, reference, recheck } = loaderData;
  const again = `/verify-transaction?reference=${encodeURIComponent(reference)}`;
  const t = useT();
  return (
    <main className="ads-page">
      {payment.state === 'paid' ? (
        <section className="notice success payment-result" role="status">
          <h1>{t('ads.paid')}</h1>
          <dl>
            <dt>{t('ads.amount')}</dt>
            <dd>{priceInNaira(payment.amount)}</dd>
            {payment.paidAt && (
              <>
                <dt>{t('ads.date')}</dt>
                <dd>{momentInLagos(payment.paidAt, t.language)}</dd>
              </>
            )}
            {payment.shop && (
              <>
                <dt>{t('ads.shop')}</dt>
                <dd>{payment.shop.name}</dd>
              </>
            )}
            {payment.until && (
              <>
                <dt>{t('ads.sponsoredUntilLabel')}</dt>
                <dd>{dayInLagos(payment.until, t.language)}</dd>
              </>
            )}
          </dl>
        </section>
      ) : payment.state === 'pending' ? (
        <PendingPayment shopName={payment.shop?.name} again={again} recheck={recheck} />
      ) : (
        <section className="notice error payment-result" role="alert">
          <h1>{t.said(MSG.verificationFailed)}</h1>
          <p>{t.said(payment.error)}</p>
          {payment.payAgainFor && <p>{t.said(MSG.paymentNotCharged)}</p>}
          {payment.mayRetry && <Link to={again}>{t('ads.checkAgain')}</Link>}
        </section>
      )}
      <p className="ad-actions">
        {payment.state !== 'failed' && payment.shop && (
          <Link to={`/shop/${encodeURIComponent(payment.shop.id)}`} className="button">
            {t('ads.seeYourShop')}
          </Link>
        )}
        {payment.state === 'failed' && payment.payAgainFor && (
          <Link to={`/shop/${encodeURIComponent(payment.payAgainFor)}/paymentInitiation`} className="button">
            {t('ads.tryAgain')}
          </Link>
        )}
        <Link to="/myShop" className="button secondary">
          {t('ads.goToMyShops')}
        </Link>
      </p>
    </main>
  );
}

/**
 * Checks again by itself while `recheck` says so: a refresh in the head of the server's page (works
 * without JavaScript), or a navigation in the browser when the page came from one. Check again starts over.
 */
function PendingPayment({ shopName, again, recheck }: { shopName: string | undefined; again: string; recheck: string | null }) {
  const serverRendered = useServerRendered();
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    if (serverRendered || !recheck) return;
    const timer = setInterval(() => void navigate(recheck, { replace: true, preventScrollReset: true }), RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [navigate, recheck, serverRendered]);
  return (
    <section className="notice payment-result" role="status">
      <h1>{t('ads.pendingTitle')}</h1>
      <p>
        {t.said(MSG.paymentPending)} {shopName ? t('ads.shopSponsoredSoon', { shop: shopName }) : t('ads.yourShopSponsoredSoon')}{' '}
        {recheck ? t('ads.checksEvery', { seconds: RECHECK_SECONDS }) : t('ads.stoppedChecking')}
      </p>
      <Link to={again}>{t('ads.checkAgain')}</Link>
      {/* React places this in the document's head. */}
      {serverRendered && recheck && <meta httpEquiv="refresh" content={`${RECHECK_SECONDS};url=${recheck}`} />}
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('ads.paymentPageTitle') }, { name: 'robots', content: 'noindex' }];
}
