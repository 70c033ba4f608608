import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link } from 'react-router';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { forgotPasswordSchema } from '#app/lib/forms/account-forms.ts';
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
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/auth.css?url';
import type { Route } from './+types/forgot-password';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

const constraint = formConstraint(forgotPasswordSchema);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm({ request, context }), forgotPasswordSchema);
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: null }, { status: 400 });
  try {
    const { message } = await provider.requestPasswordReset(submission.value.email, request);
    return { result: submission.reply({ resetForm: true }), sent: message ?? MSG.resetEmailSent };
  } catch (error) {
    return data({ result: submission.reply(formErrorsFrom(error, ['email'], MSG.resetLinkFailed)), sent: null }, { status: 400 });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepFormWhenOffline(serverAction, `${MSG.resetLinkFailed} ${MSG.networkError}`, { sent: null });
export const shouldRevalidate = revalidateUnlessOffline;

export function loader({ request }: Route.LoaderArgs) {
  return { words: pageWords(request, 'account', 'forms') };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: actionData?.result,
    constraint,
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <main className="auth">
      <h1 className="section-title">{t('forgot.heading')}</h1>
      <p>{t('forgot.intro')}</p>
      {actionData?.sent && (
        <p className="notice success" role="status">
          {t.said(actionData.sent)}
        </p>
      )}
      <Form method="post" action="/forgotPassword" {...getFormProps(form)}>
        <FormMessage form={form} />
        <Field label={t('forgot.email')} meta={fields.email} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <SubmitButton pendingLabel={t('forgot.pending')}>{t('forgot.button')}</SubmitButton>
      </Form>
      <p>
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('forgot.pageTitle') }, { name: 'description', content: t('forgot.description') }, canonical(originFrom(matches), '/forgotPassword')];
}
