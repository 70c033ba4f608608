import { useEffect } from 'react';
import { Link, data, useRevalidator } from 'react-router';
import { dayInLagos, momentInLagos } from '../../lib/dates';
import { useServerRendered } from '../../lib/hydrated';
import { MSG } from '../../lib/rules/messages';
import { priceInNaira } from '../../lib/rules/price';
import { requireVisitor, visitorContext } from '../../lib/session.server';
import adsStylesheet from '../../styles/ads.css?url';
import type { Route } from './+types/verify-transaction';
import { verifyPayment } from './payments.server';

/** A bank transfer can take minutes to confirm: the pending page asks again this often. */
const RECHECK_SECONDS = 10;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adsStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = requireVisitor(request, context.get(visitorContext));
  const reference = new URL(request.url).searchParams.get('reference')?.trim() ?? '';
  const payment = await verifyPayment(request, visitor, reference);
  const status = payment.state === 'failed' ? (payment.mayRetry ? 503 : 400) : 200;
  return data({ payment, reference }, { status });
}

export default function VerifyTransaction({ loaderData }: Route.ComponentProps) {
  const { payment, reference } = loaderData;
  const again = `/verify-transaction?reference=${encodeURIComponent(reference)}`;
  return (
    <main className="ads-page">
      {payment.state === 'paid' ? (
        <section className="notice success payment-result" role="status">
          <h1>Payment successful</h1>
          <dl>
            <dt>Amount</dt>
            <dd>{priceInNaira(payment.amount)}</dd>
            {payment.paidAt && (
              <>
                <dt>Date</dt>
                <dd>{momentInLagos(payment.paidAt)}</dd>
              </>
            )}
            {payment.shop && (
              <>
                <dt>Shop</dt>
                <dd>{payment.shop.name}</dd>
              </>
            )}
            {payment.until && (
              <>
                <dt>Sponsored until</dt>
                <dd>{dayInLagos(payment.until)}</dd>
              </>
            )}
          </dl>
        </section>
      ) : payment.state === 'pending' ? (
        <PendingPayment shopName={payment.shop?.name} again={again} />
      ) : (
        <section className="notice error payment-result" role="alert">
          <h1>{MSG.verificationFailed}</h1>
          <p>{payment.error}</p>
          {payment.mayRetry && <Link to={again}>Check again</Link>}
        </section>
      )}
      <p className="ad-actions">
        {payment.state !== 'failed' && payment.shop && (
          <Link to={`/shop/${encodeURIComponent(payment.shop.id)}`} className="button">
            See your shop
          </Link>
        )}
        <Link to="/myShop" className="button secondary">
          Go to My Shops
        </Link>
      </p>
    </main>
  );
}

/**
 * Checks again by itself: a refresh in the head of the server's page (works without JavaScript), or a
 * quiet reload of the data when the page came from a navigation in the browser.
 */
function PendingPayment({ shopName, again }: { shopName: string | undefined; again: string }) {
  const serverRendered = useServerRendered();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (serverRendered) return;
    const timer = setInterval(() => void revalidate(), RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidate, serverRendered]);
  return (
    <section className="notice payment-result" role="status">
      <h1>Payment pending</h1>
      <p>
        {MSG.paymentPending} {shopName ? `${shopName} will be sponsored` : 'Your shop will be sponsored'} as soon as it is confirmed; bank
        transfers can take a few minutes. This page checks again every {RECHECK_SECONDS} seconds.
      </p>
      <Link to={again}>Check again</Link>
      {/* React places this in the document's head. */}
      {serverRendered && <meta httpEquiv="refresh" content={String(RECHECK_SECONDS)} />}
    </section>
  );
}

export function meta() {
  return [{ title: 'Payment · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
