import { ReportPage } from '#app/components/moderation/report-page.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/report-shop';
import { loadReportPage, sendReport } from './report.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = ({ request, params, context }: Route.LoaderArgs) => loadReportPage(request, context.get(signedInContext), { shopId: params.shop_id });

/** Unlike other reports, a shop's may hide it (the scam-report rule): the shared pages are forgotten. */
export const action = ({ request, params, context }: Route.ActionArgs) =>
  sendReport(request, context, context.get(signedInContext), { shopId: params.shop_id });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function ReportShop({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { shopName } = loaderData;
  return (
    <ReportPage
      title={shopName === null ? t('report.sentTitle') : t('report.shopTitle', { name: shopName })}
      back={
        shopName === null
          ? { to: '/', label: t('nav.home') }
          : { to: `/shop/${encodeURIComponent(params.shop_id)}`, label: t('report.backTo', { name: shopName }) }
      }
      action={reportPath(params.shop_id)}
      sent={loaderData.sent}
      lastResult={actionData?.result}
    />
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  const title = loaderData?.shopName === null ? `${t('report.sentTitle')} · Kasuwa` : t('report.shopPageTitle', { name: loaderData?.shopName ?? 'Kasuwa' });
  return [{ title }, { name: 'robots', content: 'noindex' }];
}
