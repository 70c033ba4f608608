import { ReportPage } from '#app/components/moderation/report-page.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { messageReportPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/report-message';
import { loadMessageReportPage, sendMessageReport } from './report-message.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadMessageReportPage(request, context.get(signedInContext), { threadId: params.thread_id, messageId: params.message_id });

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export const action = ({ request, params, context }: Route.ActionArgs) =>
  sendMessageReport(request, context, context.get(signedInContext), { threadId: params.thread_id, messageId: params.message_id });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function ReportMessage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  return (
    <ReportPage
      title={t('report.messageTitle', { name: loaderData.otherName })}
      quote={loaderData.body}
      back={{ to: `/messages/${encodeURIComponent(params.thread_id)}`, label: t('report.backToConversation', { name: loaderData.otherName }) }}
      action={messageReportPath(params.thread_id, params.message_id)}
      sent={false}
      lastResult={actionData?.result}
    />
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return [
    { title: translator(wordsOnScreen(matches))('report.messagePageTitle', { name: loaderData?.otherName ?? 'Kasuwa' }) },
    { name: 'robots', content: 'noindex' },
  ];
}
