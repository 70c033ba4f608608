import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { stallVisitFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { formErrorsFrom, refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn, signedInContext } from '#app/lib/session.server.ts';
import { monthInLagos } from '#rules/dates.ts';
import { MODERATION_NOTE_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { shortCodeOf } from '#rules/short-code.ts';
import stylesheet from '../styles/moderation.css?url';
import type { Route } from './+types/short-link';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const constraint = formConstraint(stallVisitFormSchema);

async function shopOf(request: Request, param: string) {
  const code = shortCodeOf(param);
  if (!code) throw data(MSG.pageNotFound, { status: 404 });
  try {
    return await provider.shopByShortCode(code, request);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (error.status === 404) throw data(MSG.pageNotFound, { status: 404 });
    // The API counts lookups per visitor; past its limit the page says when to try again.
    if (error.status === 429) throw data(MSG.tooManyAttempts(error.retryAfterSeconds), { status: 429 });
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

const isModerator = (signedIn: SignedIn | null): signedIn is SignedIn => signedIn?.user.moderator === true;

/**
 * `/s/{code}`, the short link on posters and in messages, opens its shop. A 302, not a 301: browsers keep
 * a 301 for good, and where a code leads may change. A moderator standing at the stall gets the page that
 * records the visit instead (docs/product.md §4, Stall visited).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = await shopOf(request, params.code);
  const signedIn = context.get(signedInContext);
  if (!isModerator(signedIn)) return redirect(`/shop/${encodeURIComponent(shop.id)}`, 302);
  // The short link's answer carries what this page shows: opening the shop would count the moderator's visit.
  return { shop: { id: shop.id, name: shop.name, visitedAt: shop.stall_visited_at }, words: pageWords(request, 'verification', 'forms') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shopId = (await shopOf(request, params.code)).id;
  const signedIn = context.get(signedInContext);
  // The API refuses anyone else too; here they are simply sent on to the shop.
  if (!isModerator(signedIn)) return redirect(`/shop/${encodeURIComponent(shopId)}`, 303);
  const submission = parseSubmission(await readForm({ request, context }), stallVisitFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.recordStallVisit(token, shopId, submission.value.note));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ result: submission.reply(formErrorsFrom(error, ['note'], MSG.networkOrUnexpected)) }, { status: refusedStatus(error) });
  }
  return redirect(`/s/${encodeURIComponent(params.code)}?visited=1`);
}

export default function StallVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { shop } = loaderData;
  const t = useT();
  const [params] = useSearchParams();
  const month = shop.visitedAt ? monthInLagos(shop.visitedAt, t.language) : null;
  const [form, fields] = useForm({
    id: 'stall-visit',
    lastResult: actionData?.result,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stallVisitFormSchema }),
  });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  return (
    <main className="report">
      <h1 className="section-title">{t('stallVisit.heading')}</h1>
      {params.has('visited') && month ? (
        <p className="notice success" role="status">
          {t('stallVisit.done', { month, name: shop.name })}
        </p>
      ) : (
        <>
          <p>{t('stallVisit.at', { name: shop.name })}</p>
          {month && <p>{t('stallVisit.last', { month })}</p>}
          <Form method="post" className="report-form" {...getFormProps(form)}>
            <FormMessage form={form} />
            <label htmlFor={fields.note.id}>{t('stallVisit.note')}</label>
            <textarea key={noteKey} {...note} required={false} rows={3} maxLength={MODERATION_NOTE_MAX} />
            <p id={fields.note.errorId} className="field-error" aria-live="polite">
              {fields.note.errors?.map(t.said).join(', ')}
            </p>
            <SubmitButton pendingLabel={t('stallVisit.recording')}>{t('stallVisit.record')}</SubmitButton>
          </Form>
        </>
      )}
      <p>
        <Link to={`/shop/${encodeURIComponent(shop.id)}`}>{t('stallVisit.open')}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('stallVisit.pageTitle', { name: loaderData?.shop.name ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
