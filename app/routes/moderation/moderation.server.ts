import { data, type RouterContextProvider, redirect } from 'react-router';
import { MODERATION_FORM_FIELDS, moderationFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { messageModerationPath, moderationPath } from '#app/lib/moderation-paths.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

const notFound = () => data(MSG.pageNotFound, { status: 404 });

/**
 * A moderator's call to the provider. The provider answers 404 to anyone else, and the site does the
 * same, to signed-out visitors too: nobody learns these pages exist.
 */
export async function asModerator<T>(request: Request, signedIn: SignedIn | null, call: (token: string) => Promise<T>): Promise<T> {
  if (!signedIn) throw notFound();
  try {
    return await asSignedIn(request, signedIn, call);
  } catch (error) {
    if (isProviderError(error, 404)) throw notFound();
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}

type Item = { shopId: string; ratingId?: string; answer?: boolean };

export const loadItem = (request: Request, signedIn: SignedIn | null, item: Item) =>
  asModerator(request, signedIn, (token) => provider.moderationItem(token, moderationPath(item.shopId, item.ratingId, item.answer)));

export const loadMessage = (request: Request, signedIn: SignedIn | null, messageId: string) =>
  asModerator(request, signedIn, (token) => provider.moderationMessage(token, messageId));

/** Applies a moderator's action, then shows the item again (`?done=`, so a reload does nothing twice). */
export const moderateItem = (request: Request, context: Readonly<RouterContextProvider>, signedIn: SignedIn | null, item: Item) => {
  const path = moderationPath(item.shopId, item.ratingId, item.answer);
  return moderate(request, context, signedIn, `/moderation/${path}`, (token, body) => provider.moderate(token, path, body));
};

export const moderateMessage = (request: Request, context: Readonly<RouterContextProvider>, signedIn: SignedIn | null, messageId: string) =>
  moderate(request, context, signedIn, messageModerationPath(messageId), (token, body) => provider.moderateMessage(token, messageId, body));

async function moderate(
  request: Request,
  context: Readonly<RouterContextProvider>,
  signedIn: SignedIn | null,
  page: string,
  send: (token: string, body: { action: string; note: string }) => Promise<unknown>,
) {
  if (!signedIn) throw notFound();
  const submission = parseSubmission(await readForm({ request, context }), moderationFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => send(token, submission.value));
  } catch (error) {
    if (isProviderError(error, 404)) throw notFound();
    if (!isProviderError(error)) throw error;
    const said = error.status === 409 && error.formMessage();
    const errors = said ? { formErrors: [said], fieldErrors: {} } : formErrorsFrom(error, MODERATION_FORM_FIELDS, MSG.moderationFailed);
    return data({ result: submission.reply(errors) }, { status: error.status && error.status < 500 ? error.status : 502 });
  }
  return redirect(`${page}?done=${submission.value.action}`);
}
