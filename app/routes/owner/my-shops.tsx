import { useEffect } from 'react';
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '#app/components/owner/confirm-delete-dialog.tsx';
import { OwnerShopCard } from '#app/components/owner/owner-shop-card.tsx';
import { deleteShopFailure, refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { deleteShopSchema, smsAlertsSchema } from '#app/lib/forms/shop-forms.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { Profile } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { useSeen } from '#app/lib/seen.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { DELAYS_MS } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/owner.css?url';
import type { Route } from './+types/my-shops';

const MY_SHOPS = '/myShop';
/** The card photos worth loading at once: what a phone shows before scrolling. */
const EAGER_CARDS = 2;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const words = pageWords(request, 'owner', 'forms');
  try {
    const { shops } = await asSignedIn(request, signedIn, (token) => provider.profile(token));
    return { shops, failed: false, words };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ shops: [] as Profile['shops'], failed: true, words }, { status: 503 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const form = await readForm({ request, context });
  if (form.get('intent') === 'sms-alerts') {
    const alerts = parseSubmission(form, smsAlertsSchema);
    if (alerts.status !== 'success') return data({ alertsError: MSG.smsAlertsFailed }, { status: 400 });
    try {
      await asSignedIn(request, signedIn, (token) => provider.setSmsAlerts(token, alerts.value.shopId, alerts.value.sms === 'on'));
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data({ alertsError: MSG.smsAlertsFailed }, { status: refusedStatus(error) });
    }
    return redirect(MY_SHOPS);
  }
  const submission = parseSubmission(form, deleteShopSchema);
  if (submission.status !== 'success') return data({ deleteError: MSG.deleteShopFailed }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.deleteShop(token, submission.value.shopId));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ deleteError: deleteShopFailure(error) }, { status: refusedStatus(error) });
  }
  return redirect(`${MY_SHOPS}?deleted=1`);
}

/** Opening or closing the dialog, or the delete message going away, changes only the address: the list is current. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === MY_SHOPS && nextUrl.pathname === MY_SHOPS) return false;
  return defaultShouldRevalidate;
}

export default function MyShops({ loaderData, actionData }: Route.ComponentProps) {
  const { shops, failed } = loaderData;
  const [params] = useSearchParams();
  const location = useLocation();
  const deleting = shops.find((shop) => shop.id === params.get('delete'));
  const deleteError = actionData && 'deleteError' in actionData ? actionData.deleteError : undefined;
  const alertsError = actionData && 'alertsError' in actionData ? actionData.alertsError : undefined;
  const t = useT();
  return (
    <main>
      <div className="owner-head">
        <h1 className="section-title">{t('myShops.heading')}</h1>
        <div className="owner-head-actions">
          {shops.length > 0 && (
            <Link to="/purchaseAds" className="button secondary">
              {t('myShops.advertise')}
            </Link>
          )}
          <Link to="/createShop" className="button">
            {t('myShops.create')}
          </Link>
        </div>
      </div>
      {params.get('deleted') === '1' && <DeletedNotice key={location.key} />}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t('myShops.deleteTitle', { name: deleting.name })}
          text={t('myShops.deleteText')}
          closeTo={MY_SHOPS}
          action={`${MY_SHOPS}?delete=${encodeURIComponent(deleting.id)}`}
          fields={{ shopId: deleting.id }}
          error={deleteError && t.said(deleteError)}
        />
      ) : (
        deleteError && <FailedNotice message={t.said(deleteError)} />
      )}
      {alertsError && <FailedNotice message={t.said(alertsError)} />}
      {failed ? (
        <p className="notice error" role="alert">
          {t.said(MSG.couldNotFetchShops)} <a href={MY_SHOPS}>{t('myShops.tryAgain')}</a>
        </p>
      ) : shops.length === 0 ? (
        <p className="notice">{t('myShops.none')}</p>
      ) : (
        <>
          {shops.map(
            (shop) =>
              shop.hidden && (
                <p key={shop.id} className="notice error" role="alert">
                  {t('myShops.hiddenNotice', { name: shop.name, reason: t.said(shop.hidden.reason) })}
                  {shop.hidden.reason === MSG.hiddenByScamReports && ` ${t('myShops.appeal')}`}
                </p>
              ),
          )}
          <ul className="owner-shops" aria-label={t('myShops.yourShops')}>
            {shops.map((shop, index) => (
              <OwnerShopCard key={shop.id} shop={shop} eager={index < EAGER_CARDS} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

/**
 * A CSS animation hides it, so no reload costs a phone the list again; with JavaScript a timer then drops
 * the query, which loads nothing (see shouldRevalidate).
 */
function DeletedNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(MY_SHOPS, { replace: true, preventScrollReset: true }), DELAYS_MS.deleteMessage);
    return () => clearTimeout(timer);
  }, [navigate]);
  const t = useT();
  const ref = useSeen<HTMLParagraphElement>(MSG.shopDeleted);
  return (
    <p ref={ref} className="notice success passing" role="status" tabIndex={-1}>
      {t.said(MSG.shopDeleted)}
    </p>
  );
}

function FailedNotice({ message }: { message: string }) {
  const ref = useSeen<HTMLParagraphElement>(message);
  return (
    <p ref={ref} className="notice error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('myShops.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
