import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, redirect, useLocation } from 'react-router';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { resetLinkSchema, resetPasswordFormSchema } from '#app/lib/forms/account-forms.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import type { PageWords } from '#app/lib/i18n/words.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { endSessionCookie } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/auth.css?url';
import type { Route } from './+types/reset-password';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

const constraint = formConstraint(resetPasswordFormSchema);
const HIDDEN = ['new_password', 'confirm_password'];

/** The uid and token of the emailed link, or null when the address has lost them. */
function linkOf(request: Request) {
  const query = new URL(request.url).searchParams;
  const link = resetLinkSchema.safeParse({ uid: query.get('uid') ?? undefined, token: query.get('token') ?? undefined });
  return link.success ? link.data : null;
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

// The address holds a one-time secret: no cache may keep the page.
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/** `tryAgain`: the provider would not check the link just now, which says nothing about the link itself. */
type LinkCheck = { linkValid: boolean; tryAgain?: string; words: PageWords };

// Checked before asking for a password, so nobody types a new one twice only to hear the link is dead.
export async function loader({ request }: Route.LoaderArgs) {
  const link = linkOf(request);
  const words = pageWords(request, 'account', 'forms');
  if (!link) return data<LinkCheck>({ linkValid: false, words }, { status: 400 });
  try {
    await provider.verifyPasswordReset(link.uid, link.token);
    return data<LinkCheck>({ linkValid: true, words });
  } catch (error) {
    if (isProviderError(error, 400)) return data<LinkCheck>({ linkValid: false, words }, { status: 400 });
    if (isProviderError(error, 429)) {
      return data<LinkCheck>({ linkValid: true, tryAgain: MSG.tooManyAttempts(error.retryAfterSeconds), words }, { status: 429 });
    }
    throw data(MSG.networkOrUnexpected, { status: 503 });
  }
}
export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkOf(request);
  const submission = parseSubmission(await readForm({ request, context }), resetPasswordFormSchema);
  if (!link) return data({ result: submission.reply({ hideFields: HIDDEN }), linkValid: false }, { status: 400 });
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: HIDDEN }), linkValid: true }, { status: 400 });
  try {
    await provider.confirmPasswordReset({ ...link, new_password: submission.value.new_password }, request);
  } catch (error) {
    // A `detail` is the provider saying the link is used or expired; field messages are about the password.
    const linkValid = !(isProviderError(error, 400) && error.formMessage());
    return data({ result: submission.reply({ ...formErrorsFrom(error, ['new_password']), hideFields: HIDDEN }), linkValid }, { status: 400 });
  }
  // The new password ends every session signed in before it, this browser's included.
  return redirect('/login?reset=1', { headers: { 'Set-Cookie': await endSessionCookie(request) } });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected, { linkValid: true });
export const shouldRevalidate = revalidateUnlessOffline;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  const t = useT();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint,
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
  });
  if (!actionData && loaderData.tryAgain) {
    return (
      <main className="auth">
        <h1 className="section-title">{t('reset.heading')}</h1>
        <p className="notice error" role="alert">
          {t.said(loaderData.tryAgain)}
        </p>
        <p>
          <Link to={`/reset-password${search}`} className="button">
            {t('reset.tryAgain')}
          </Link>
        </p>
      </main>
    );
  }
  if (!(actionData?.linkValid ?? loaderData.linkValid)) {
    return (
      <main className="auth">
        <h1 className="section-title">{t('reset.heading')}</h1>
        <p className="notice error" role="alert">
          {t.said(MSG.resetLinkInvalid)}
        </p>
        <p>
          <Link to="/forgotPassword" className="button">
            {t('reset.newLink')}
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main className="auth">
      <h1 className="section-title">{t('reset.heading')}</h1>
      {/* No action: the form posts back to this address, uid and token included. */}
      <Form method="post" {...getFormProps(form)}>
        <FormMessage form={form} />
        <Field label={t('reset.newPassword')} meta={fields.new_password} type="password" autoComplete="new-password" hint={t('reset.passwordHint')} />
        <Field label={t('reset.again')} meta={fields.confirm_password} type="password" autoComplete="new-password" />
        <SubmitButton pendingLabel={t('reset.pending')}>{t('reset.button')}</SubmitButton>
      </Form>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: translator(wordsOnScreen(matches))('reset.pageTitle') },
    // The address carries the link's token. Other sites get only our origin as referrer (the site-wide policy);
    // `no-referrer` here would make the browser post `Origin: null`, which the same-origin check refuses.
    { name: 'robots', content: 'noindex' },
  ];
}
