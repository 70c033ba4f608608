import type { Submission } from '@conform-to/react';
import type { RouterContextProvider } from 'react-router';
import { data, redirect } from 'react-router';
import { REPORT_FORM_FIELDS, reportFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

/** `answer`: the shop's answer to the review `ratingId` names. */
type Item = { shopId: string; ratingId?: string; answer?: boolean };

/** A hidden or missing shop, review or answer is a 404. */
export async function loadReportPage(request: Request, signedIn: SignedIn | null, item: Item) {
  requireSignedIn(request, signedIn);
  const sent = new URL(request.url).searchParams.get('sent') === '1';
  const words = pageWords(request, 'reports', 'forms');
  try {
    if (item.ratingId) {
      const { shop_name, ...review } = await provider.shopReview(item.shopId, item.ratingId);
      // Once reported and hidden, the thanks still stand; before, a missing answer is nothing to report.
      if (item.answer && !review.answer && !sent) throw data(MSG.answerNotFound, { status: 404 });
      return { shopName: shop_name, review, sent, words };
    }
    const { shop_name } = await provider.shopRatings(item.shopId, 1, 1);
    return { shopName: shop_name, review: null, sent, words };
  } catch (error) {
    // The report just sent may have hidden the shop (the scam-report rule): the thanks still stand.
    if (isProviderError(error, 404) && sent && !item.ratingId) return { shopName: null, review: null, sent, words };
    if (isProviderError(error, 404)) throw data(item.ratingId ? MSG.reviewNotFound : MSG.shopWithIdNotFound(item.shopId), { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}

/** Sends the report, then the thank-you (the same page, `?sent=1`, so a reload sends nothing again). */
export async function sendReport(request: Request, context: Readonly<RouterContextProvider>, signedIn: SignedIn | null, item: Item) {
  const here = reportPath(item.shopId, item.ratingId, item.answer);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: here })}`);
  const submission = parseSubmission(await readForm({ request, context }), reportFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.report(token, item, submission.value));
  } catch (error) {
    return reportRefused(error, submission);
  }
  return redirect(`${here}?sent=1`);
}

/** The form again with what the provider said: already reported (409), or the item gone meanwhile (404), said plainly above it. */
export function reportRefused(error: unknown, submission: Submission<unknown>) {
  if (!isProviderError(error)) throw error;
  const said = (error.status === 409 || error.status === 404 || error.status === 403) && error.formMessage();
  const errors = said ? { formErrors: [said], fieldErrors: {} } : formErrorsFrom(error, REPORT_FORM_FIELDS, MSG.reportFailed);
  return data({ result: submission.reply(errors) }, { status: error.status && error.status < 500 ? error.status : 502 });
}
