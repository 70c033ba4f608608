import type { RouterContextProvider } from 'react-router';
import { data, redirect } from 'react-router';
import { reportFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { messageReportPath } from '#app/lib/moderation-paths.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import { reportRefused } from './report.server';

type Target = { threadId: string; messageId: string };

/** The message to report; a thread the person is not a side of, or a message not in it, is a 404 as the API answers. */
export async function loadMessageReportPage(request: Request, signedIn: SignedIn | null, target: Target) {
  const thread = await asSignedIn(request, signedIn, (token) => provider.threadMessage(token, target.threadId, target.messageId)).catch((error) => {
    if (isProviderError(error, 404)) throw data(MSG.pageNotFound, { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  });
  if (thread.message.removed) throw data(MSG.messageNotFound, { status: 404 });
  if (thread.message.mine) throw data(MSG.ownMessageReport, { status: 403 });
  return { otherName: thread.other_name, body: thread.message.body, words: pageWords(request, 'reports', 'forms') };
}

/** Sends the report, then goes back to the thread, which thanks the reporter (`?reported=1`). */
export async function sendMessageReport(request: Request, context: Readonly<RouterContextProvider>, signedIn: SignedIn | null, target: Target) {
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: messageReportPath(target.threadId, target.messageId) })}`);
  const submission = parseSubmission(await readForm({ request, context }), reportFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.reportMessage(token, target.threadId, target.messageId, submission.value));
  } catch (error) {
    return reportRefused(error, submission);
  }
  return redirect(`/messages/${encodeURIComponent(target.threadId)}?reported=1`);
}
