import { getFormProps, useForm } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigate, useSearchParams } from 'react-router';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { loginSchema } from '#app/lib/forms/account-forms.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { readKept } from '#app/lib/kept-form.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import { startSession } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/auth.css?url';
import type { Route } from './+types/login';
import { destination, leaveIfSignedIn } from './signed-in.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

const constraint = formConstraint(loginSchema);
const FIELDS = Object.keys(loginSchema.shape);

/** Where the form posts: `redirectTo` survives a failed attempt, `expired` and `reset` do not. */
function loginPath(redirectTo: string | null) {
  return redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login';
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function loader({ request, context }: Route.LoaderArgs) {
  leaveIfSignedIn(request, context);
  const kept = readKept(request.headers.get('cookie'));
  return { kept: kept ? { cut: kept.cut } : null, words: pageWords(request, 'account', 'forms') };
}
export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export async function action({ request, context }: Route.ActionArgs) {
  leaveIfSignedIn(request, context);
  const submission = parseSubmission(await readForm({ request, context }), loginSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const { user, token } = await provider.login(submission.value, request);
    return await startSession(request, { user: { ...user, moderator: user.is_moderator }, access: token.access, refresh: token.refresh }, destination(request));
  } catch (error) {
    return data({ result: submission.reply({ ...formErrorsFrom(error, FIELDS), hideFields: ['password'] }) }, { status: 400 });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const t = useT();
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    constraint,
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <main className="auth">
      {params.get('expired') === '1' && <SessionExpiredDialog redirectTo={redirectTo} />}
      <h1 className="section-title">{t('signIn.heading')}</h1>
      {loaderData?.kept && (
        <p className="notice" role="status">
          {t.said(loaderData.kept.cut ? MSG.typedTextCut : MSG.typedTextKept)}
        </p>
      )}
      {params.get('reset') === '1' && (
        <p className="notice success" role="status">
          {t.said(MSG.passwordResetDone)}
        </p>
      )}
      <Form method="post" action={loginPath(redirectTo)} {...getFormProps(form)}>
        <FormMessage form={form} />
        <Field
          label={t('signIn.usernameOrEmail')}
          meta={fields.username_or_email}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Field label={t('signIn.password')} meta={fields.password} type="password" autoComplete="current-password" />
        <SubmitButton pendingLabel={t('signIn.pending')}>{t('signIn.button')}</SubmitButton>
      </Form>
      <p>
        <Link to="/forgotPassword">{t('signIn.forgot')}</Link>
      </p>
      <p>
        {t('signIn.newHere')} <Link to={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : '/signup'}>{t('signIn.signUp')}</Link>
      </p>
    </main>
  );
}

/** Open in the server's HTML, so it shows without JavaScript (docs/product.md §4); with it, modal with OK focused. */
function SessionExpiredDialog({ redirectTo }: { redirectTo: string | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== 'function' || element.matches(':modal')) return;
    element.close();
    element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      className="session-expired"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-text"
      // Escape closes a modal dialog by itself; the address should then lose `expired` as OK does.
      // (Not onClose: turning the open dialog modal above closes it for a moment.)
      onCancel={() => navigate(loginPath(redirectTo), { replace: true })}
    >
      <h2 id="session-expired-title">{t('signIn.expiredTitle')}</h2>
      <p id="session-expired-text">{t('signIn.expired')}</p>
      <Form method="get" action="/login" replace>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's only action, so a keyboard or screen reader lands on it */}
        <button type="submit" autoFocus>
          {t('signIn.ok')}
        </button>
      </Form>
    </dialog>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('signIn.pageTitle') }, { name: 'description', content: t('signIn.description') }, canonical(originFrom(matches), '/login')];
}
