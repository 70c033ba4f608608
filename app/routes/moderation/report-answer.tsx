import { ReportPage } from '#app/components/moderation/report-page.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/report-answer';
import { loadReportPage, sendReport } from './report.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const itemOf = (params: Route.LoaderArgs['params']) => ({ shopId: params.shop_id, ratingId: params.rating_id, answer: true });

export const loader = ({ request, params, context }: Route.LoaderArgs) => loadReportPage(request, context.get(signedInContext), itemOf(params));

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export const action = ({ request, params, context }: Route.ActionArgs) => sendReport(request, context, context.get(signedInContext), itemOf(params));

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function ReportAnswer({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { review } = loaderData;
  const shopName = loaderData.shopName ?? '';
  return (
    <ReportPage
      title={t('report.answerTitle', { name: shopName })}
      quote={review?.answer ? t('report.answerQuote', { shop: shopName, text: review.answer.body }) : undefined}
      back={{ to: `/shop/${encodeURIComponent(params.shop_id)}/reviews`, label: t('report.backTo', { name: shopName }) }}
      action={reportPath(params.shop_id, params.rating_id, true)}
      sent={loaderData.sent}
      lastResult={actionData?.result}
    />
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('report.answerPageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
