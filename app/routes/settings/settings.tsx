import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import type { ReactNode } from 'react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { LanguageSwitch } from '#app/components/layout/language-switch.tsx';
import { SmsAlertsForm, type SmsAlertsShop } from '#app/components/owner/sms-alerts-form.tsx';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { LoadFailed } from '#app/components/ui/load-failed.tsx';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { accountDeletionFormSchema, passwordFormSchema, profileFormSchema, SETTINGS, type SettingsDone } from '#app/lib/forms/settings-forms.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keptSubmission } from '#app/lib/kept-form.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import { asSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import authStylesheet from '../../styles/auth.css?url';
import stylesheet from '../../styles/settings.css?url';
import type { Route } from './+types/settings';
import { settingsAction } from './settings.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

const profileConstraint = formConstraint(profileFormSchema);
const passwordConstraint = formConstraint(passwordFormSchema);
const deletionConstraint = formConstraint(accountDeletionFormSchema);
const DONE: Record<SettingsDone, string> = {
  profile: MSG.profileSaved,
  password: MSG.passwordChanged,
  alerts: MSG.mailAlertsSaved,
  sms: MSG.smsAlertsSaved,
  sessions: MSG.otherSessionsEnded,
};
const DATA_DOWNLOAD = '/settings/data.json';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: authStylesheet },
  { rel: 'stylesheet', href: stylesheet },
];

// Signed out, the page is the same for everyone; the root makes a signed-in answer private.
export function headers() {
  return STATIC_PAGE_CACHE;
}

type Account = {
  email: string;
  username: string;
  phone_number: string;
  message_mail_alerts: boolean;
  renewal_mail_alerts: boolean;
  /** The shops whose text message switch shows here; a hidden shop's waits on My Shops. */
  shops: SmsAlertsShop[];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  // The text message switches are My Shops' own, with their words.
  const words = pageWords(request, 'settings', 'owner', 'forms');
  if (!signedIn) return { signedIn: false, account: null as Account | null, keptProfile: undefined, words };
  // The profile typed when the sign-in ended; passwords are never kept.
  const kept = keptSubmission(context);
  const keptProfile = kept?.initialValue?.intent === 'profile' ? kept : undefined;
  try {
    const { email, username, phone_number, message_mail_alerts, renewal_mail_alerts, shops } = await asSignedIn(request, signedIn, (token) =>
      provider.profile(token),
    );
    const smsShops = shops.filter((shop) => !shop.hidden).map(({ id, name, owner_phone, sms_alerts }) => ({ id, name, owner_phone, sms_alerts }));
    return {
      signedIn: true,
      account: { email, username, phone_number: phone_number ?? '', message_mail_alerts, renewal_mail_alerts, shops: smsShops },
      keptProfile,
      words,
    };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ signedIn: true, account: null as Account | null, keptProfile, words }, { status: 503 });
  }
}

export const action = ({ request, context }: Route.ActionArgs) => settingsAction({ request, context });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const t = useT();
  if (!loaderData.signedIn) return <SignedOut />;
  const { account } = loaderData;
  const done = DONE[params.get('done') as SettingsDone];
  const answered = (intent: string) => (actionData && (!('intent' in actionData) || actionData.intent === intent) ? actionData.result : undefined);
  const failed = (intent: string) =>
    actionData &&
    'intent' in actionData &&
    actionData.intent === intent && (
      <p className="notice error" role="alert">
        {t.said(MSG.settingsFailed)}
      </p>
    );
  return (
    <main className="auth settings">
      <h1 className="section-title">{t('settings.heading')}</h1>
      {done && !actionData && (
        <p className="notice success" role="status">
          {t.said(done)}
        </p>
      )}
      {account ? (
        <>
          <ProfileForm account={account} lastResult={answered('profile') ?? loaderData.keptProfile} />
          <PasswordForm lastResult={answered('password')} />
          <section aria-labelledby="alerts-title">
            <h2 id="alerts-title">{t('settings.mailAlerts')}</h2>
            <Form method="post" action={SETTINGS}>
              <input type="hidden" name="intent" value="alerts" />
              {failed('alerts')}
              <label className="check">
                <input type="checkbox" name="message_mail" defaultChecked={account.message_mail_alerts} /> {t('settings.mailMessages')}
              </label>
              <label className="check">
                <input type="checkbox" name="renewal_mail" defaultChecked={account.renewal_mail_alerts} /> {t('settings.mailRenewal')}
              </label>
              <IntentButton intent="alerts" pendingLabel={t('settings.saving')}>
                {t('settings.saveAlerts')}
              </IntentButton>
            </Form>
          </section>
          <section aria-labelledby="sms-title">
            <h2 id="sms-title">{t('settings.smsAlerts')}</h2>
            {failed('sms-alerts')}
            {account.shops.length ? (
              <>
                <p>{t('settings.smsEachShop')}</p>
                {account.shops.map((shop) => (
                  <SmsAlertsForm key={shop.id} shop={shop} named />
                ))}
              </>
            ) : (
              <p>{t('settings.smsNoShop')}</p>
            )}
          </section>
        </>
      ) : (
        <LoadFailed retryHref={SETTINGS} />
      )}
      <LanguageSection />
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t('settings.sessions')}</h2>
        <p>{t('settings.sessionsAbout')}</p>
        <Form method="post" action={SETTINGS}>
          <input type="hidden" name="intent" value="sign-out-others" />
          {failed('sign-out-others')}
          <IntentButton intent="sign-out-others" pendingLabel={t('settings.signingOut')}>
            {t('settings.signOutOthers')}
          </IntentButton>
        </Form>
      </section>
      <section aria-labelledby="data-title">
        <h2 id="data-title">{t('settings.data')}</h2>
        <p>{t('settings.dataAbout')}</p>
        <p>
          <a href={DATA_DOWNLOAD} className="button secondary" download>
            {t('settings.download')}
          </a>
        </p>
      </section>
      <DeleteAccountForm lastResult={answered('delete-account')} />
    </main>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function ProfileForm({ account, lastResult }: { account: Account; lastResult: LastResult }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'settings-profile',
    lastResult,
    defaultValue: { email: account.email, username: account.username, phone_number: account.phone_number },
    constraint: profileConstraint,
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
  });
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">{t('settings.profile')}</h2>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormMessage form={form} />
        <Field label={t('settings.username')} meta={fields.username} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        <Field label={t('settings.email')} meta={fields.email} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <Field label={t('settings.phone')} meta={fields.phone_number} type="tel" autoComplete="tel" inputMode="tel" hint={t('settings.phoneHint')} />
        <IntentButton intent="profile" pendingLabel={t('settings.saving')}>
          {t('settings.saveProfile')}
        </IntentButton>
      </Form>
    </section>
  );
}

function PasswordForm({ lastResult }: { lastResult: LastResult }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'settings-password',
    lastResult,
    constraint: passwordConstraint,
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordFormSchema }),
  });
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t('settings.password')}</h2>
      <p>{t('settings.passwordAbout')}</p>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormMessage form={form} />
        <Field label={t('settings.currentPassword')} meta={fields.current_password} type="password" autoComplete="current-password" />
        <Field label={t('settings.newPassword')} meta={fields.new_password} type="password" autoComplete="new-password" hint={t('settings.passwordHint')} />
        <Field label={t('settings.newPasswordAgain')} meta={fields.confirm_password} type="password" autoComplete="new-password" />
        <IntentButton intent="password" pendingLabel={t('settings.changing')}>
          {t('settings.changePassword')}
        </IntentButton>
      </Form>
    </section>
  );
}

/** Everything that goes is named before the button, the ad that is not refunded included (decision 079). */
function DeleteAccountForm({ lastResult }: { lastResult: LastResult }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'settings-delete-account',
    lastResult,
    constraint: deletionConstraint,
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountDeletionFormSchema }),
  });
  return (
    <section aria-labelledby="delete-title" className="danger-zone">
      <h2 id="delete-title">{t('settings.delete')}</h2>
      <p>{t('settings.deleteWarning')}</p>
      <ul>
        <li>{t('settings.deleteShops')}</li>
        <li>{t('settings.deleteRatings')}</li>
        <li>{t('settings.deleteMessages', { deleted: t('settings.deletedAccount') })}</li>
        <li>{t('settings.deleteNames')}</li>
        <li>{t('settings.deleteAd')}</li>
      </ul>
      <p>{t('settings.copyFirst')}</p>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete-account" />
        <FormMessage form={form} />
        <Field label={t('settings.yourPassword')} meta={fields.current_password} type="password" autoComplete="current-password" />
        <IntentButton intent="delete-account" pendingLabel={t('settings.deleting')} danger>
          {t('settings.delete')}
        </IntentButton>
      </Form>
    </section>
  );
}

/** Only the form on its way says so: the page has several. */
function IntentButton({ intent, pendingLabel, danger = false, children }: { intent: string; pendingLabel: string; danger?: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className={danger ? 'submit danger' : 'submit'} disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/** The footer's switch again, where people look for it; signed in, the account keeps the choice. */
function LanguageSection() {
  const t = useT();
  return (
    <section aria-labelledby="language-title">
      <h2 id="language-title">{t('language.label')}</h2>
      <LanguageSwitch id="settings-language" />
    </section>
  );
}

function SignedOut() {
  const t = useT();
  return (
    <main className="auth">
      <h1 className="section-title">{t('settings.heading')}</h1>
      <p>{t('settings.signedOut')}</p>
      <LanguageSection />
      <p>
        <Link to={`/login?${new URLSearchParams({ redirectTo: SETTINGS })}`} className="button">
          {t('settings.signIn')}
        </Link>
      </p>
      <p>
        {t('settings.newHere')} <Link to={`/signup?${new URLSearchParams({ redirectTo: SETTINGS })}`}>{t('settings.createAccount')}</Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('settings.pageTitle') }, { name: 'description', content: t('settings.description') }, canonical(originFrom(matches), SETTINGS)];
}
