import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, useSearchParams } from 'react-router';
import { WELCOME_PATH } from '#app/components/layout/welcome.tsx';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { signupSchema } from '#app/lib/forms/account-forms.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { requestLanguage } from '#app/lib/request-language.server.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import { startSession } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import { normalisePhone } from '#rules/phone.ts';
import stylesheet from '../../styles/auth.css?url';
import type { Route } from './+types/signup';
import { destination, leaveIfSignedIn } from './signed-in.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

const constraint = formConstraint(signupSchema);
const FIELDS = Object.keys(signupSchema.shape);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function loader({ request, context }: Route.LoaderArgs) {
  leaveIfSignedIn(request, context);
  return { words: pageWords(request, 'account', 'forms') };
}
export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export async function action({ request, context }: Route.ActionArgs) {
  leaveIfSignedIn(request, context);
  const submission = parseSubmission(await readForm({ request, context }), signupSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const { user, token } = await provider.signup(
      { ...submission.value, phone_number: normalisePhone(submission.value.phone_number), language: requestLanguage(request) },
      request,
    );
    const to = destination(request);
    return await startSession(request, { user, access: token.access, refresh: token.refresh }, to === '/' ? WELCOME_PATH : to);
  } catch (error) {
    return data({ result: submission.reply({ ...formErrorsFrom(error, FIELDS), hideFields: ['password'] }) }, { status: 400 });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function Signup({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : '';
  const t = useT();
  const [form, fields] = useForm({
    id: 'signup',
    lastResult: actionData?.result,
    constraint,
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <main className="auth">
      <h1 className="section-title">{t('signUp.heading')}</h1>
      <Form method="post" action={`/signup${query}`} {...getFormProps(form)}>
        <FormMessage form={form} />
        <Field label={t('signUp.email')} meta={fields.email} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <Field label={t('signUp.username')} meta={fields.username} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        <Field label={t('signUp.phone')} meta={fields.phone_number} type="tel" autoComplete="tel" inputMode="tel" hint={t('signUp.phoneHint')} />
        <Field label={t('signUp.password')} meta={fields.password} type="password" autoComplete="new-password" hint={t('signUp.passwordHint')} />
        <SubmitButton pendingLabel={t('signUp.pending')}>{t('signUp.button')}</SubmitButton>
      </Form>
      <p>
        {t('signUp.haveAccount')} <Link to={`/login${query}`}>{t('signUp.signIn')}</Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('signUp.pageTitle') }, { name: 'description', content: t('signUp.description') }, canonical(originFrom(matches), '/signup')];
}
