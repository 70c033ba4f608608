import { useEffect } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { useServerRendered } from '#app/lib/hydrated.ts';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/price.ts';
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
  return data({ payment, reference, recheck }, { status });
}

export default function VerifyTransaction({ loaderData }: Route.ComponentProps) {
  const { payment, reference, recheck } = loaderData;
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
        <PendingPayment shopName={payment.shop?.name} again={again} recheck={recheck} />
      ) : (
        <section className="notice error payment-result" role="alert">
          <h1>{MSG.verificationFailed}</h1>
          <p>{payment.error}</p>
          {payment.payAgainFor && <p>{MSG.paymentNotCharged}</p>}
          {payment.mayRetry && <Link to={again}>Check again</Link>}
        </section>
      )}
      <p className="ad-actions">
        {payment.state !== 'failed' && payment.shop && (
          <Link to={`/shop/${encodeURIComponent(payment.shop.id)}`} className="button">
            See your shop
          </Link>
        )}
        {payment.state === 'failed' && payment.payAgainFor && (
          <Link to={`/shop/${encodeURIComponent(payment.payAgainFor)}/paymentInitiation`} className="button">
            Try again
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
 * Checks again by itself while `recheck` says so: a refresh in the head of the server's page (works
 * without JavaScript), or a navigation in the browser when the page came from one. Check again starts over.
 */
function PendingPayment({ shopName, again, recheck }: { shopName: string | undefined; again: string; recheck: string | null }) {
  const serverRendered = useServerRendered();
  const navigate = useNavigate();
  useEffect(() => {
    if (serverRendered || !recheck) return;
    const timer = setInterval(() => void navigate(recheck, { replace: true, preventScrollReset: true }), RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [navigate, recheck, serverRendered]);
  return (
    <section className="notice payment-result" role="status">
      <h1>Payment pending</h1>
      <p>
        {MSG.paymentPending} {shopName ? `${shopName} will be sponsored` : 'Your shop will be sponsored'} as soon as it is confirmed; bank transfers can take a
        few minutes. {recheck ? `This page checks again every ${RECHECK_SECONDS} seconds.` : 'This page has stopped checking by itself; use Check again.'}
      </p>
      <Link to={again}>Check again</Link>
      {/* React places this in the document's head. */}
      {serverRendered && recheck && <meta httpEquiv="refresh" content={`${RECHECK_SECONDS};url=${recheck}`} />}
    </section>
  );
}

export function meta() {
  return [{ title: 'Payment · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
