import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { LanguageSwitch } from '#app/components/layout/language-switch.tsx';
import { SmsAlertsForm, type SmsAlertsShop } from '#app/components/owner/sms-alerts-form.tsx';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { LoadFailed } from '#app/components/ui/load-failed.tsx';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { accountDeletionFormSchema, passwordFormSchema, profileFormSchema, SETTINGS, type SettingsDone } from '#app/lib/forms/settings-forms.ts';
import { useT } from '#app/lib/i18n/words.ts';
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
  if (!signedIn) return { signedIn: false, account: null as Account | null, keptProfile: undefined };
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
    };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ signedIn: true, account: null as Account | null, keptProfile }, { status: 503 });
  }
}

export const action = ({ request, context }: Route.ActionArgs) => settingsAction({ request, context });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (!loaderData.signedIn) return <SignedOut />;
  const { account } = loaderData;
  const done = DONE[params.get('done') as SettingsDone];
  const answered = (intent: string) => (actionData && (!('intent' in actionData) || actionData.intent === intent) ? actionData.result : undefined);
  const failed = (intent: string) =>
    actionData &&
    'intent' in actionData &&
    actionData.intent === intent && (
      <p className="notice error" role="alert">
        {MSG.settingsFailed}
      </p>
    );
  return (
    <main className="auth settings">
      <h1 className="section-title">Settings</h1>
      {done && !actionData && (
        <p className="notice success" role="status">
          {done}
        </p>
      )}
      {account ? (
        <>
          <ProfileForm account={account} lastResult={answered('profile') ?? loaderData.keptProfile} />
          <PasswordForm lastResult={answered('password')} />
          <section aria-labelledby="alerts-title">
            <h2 id="alerts-title">Email alerts</h2>
            <Form method="post" action={SETTINGS}>
              <input type="hidden" name="intent" value="alerts" />
              {failed('alerts')}
              <label className="check">
                <input type="checkbox" name="message_mail" defaultChecked={account.message_mail_alerts} /> Email me when someone writes to me
              </label>
              <label className="check">
                <input type="checkbox" name="renewal_mail" defaultChecked={account.renewal_mail_alerts} /> Email me before my shop’s ad ends
              </label>
              <IntentButton intent="alerts" pendingLabel="Saving…">
                Save alerts
              </IntentButton>
            </Form>
          </section>
          <section aria-labelledby="sms-title">
            <h2 id="sms-title">Text message alerts</h2>
            {failed('sms-alerts')}
            {account.shops.length ? (
              <>
                <p>Each shop has its own switch, the same as on My Shops.</p>
                {account.shops.map((shop) => (
                  <SmsAlertsForm key={shop.id} shop={shop} named />
                ))}
              </>
            ) : (
              <p>A text message when a buyer writes is for shop owners: once you have a shop, turn it on here or on My Shops.</p>
            )}
          </section>
        </>
      ) : (
        <LoadFailed retryHref={SETTINGS} />
      )}
      <LanguageSection />
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        <p>Lost a phone, or signed in on a shared computer? End every other sign-in of your account; this one stays.</p>
        <Form method="post" action={SETTINGS}>
          <input type="hidden" name="intent" value="sign-out-others" />
          {failed('sign-out-others')}
          <IntentButton intent="sign-out-others" pendingLabel="Signing out…">
            Sign out everywhere else
          </IntentButton>
        </Form>
      </section>
      <section aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>One file with your account, shops, products, ratings, saved shops and conversations.</p>
        <p>
          <a href={DATA_DOWNLOAD} className="button secondary" download>
            Download my data
          </a>
        </p>
      </section>
      <DeleteAccountForm lastResult={answered('delete-account')} />
    </main>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function ProfileForm({ account, lastResult }: { account: Account; lastResult: LastResult }) {
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
      <h2 id="profile-title">Profile</h2>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormMessage form={form} />
        <Field label="Username" meta={fields.username} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <Field label="Phone number" meta={fields.phone_number} type="tel" autoComplete="tel" inputMode="tel" hint="For example 080xxxxxxxx or +23480xxxxxxxx" />
        <IntentButton intent="profile" pendingLabel="Saving…">
          Save profile
        </IntentButton>
      </Form>
    </section>
  );
}

function PasswordForm({ lastResult }: { lastResult: LastResult }) {
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
      <h2 id="password-title">Password</h2>
      <p>Changing it signs you out on every other phone and computer.</p>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormMessage form={form} />
        <Field label="Current password" meta={fields.current_password} type="password" autoComplete="current-password" />
        <Field label="New password" meta={fields.new_password} type="password" autoComplete="new-password" hint="At least 6 characters" />
        <Field label="Type the new password again" meta={fields.confirm_password} type="password" autoComplete="new-password" />
        <IntentButton intent="password" pendingLabel="Changing…">
          Change password
        </IntentButton>
      </Form>
    </section>
  );
}

/** Everything that goes is named before the button, the ad that is not refunded included (decision 079). */
function DeleteAccountForm({ lastResult }: { lastResult: LastResult }) {
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
      <h2 id="delete-title">Delete my account</h2>
      <p>This cannot be undone. When you delete your account:</p>
      <ul>
        <li>your shops, their products and all their photos are deleted;</li>
        <li>your ratings and your saved shops are deleted;</li>
        <li>your messages stay readable to the people you wrote to, shown as from “{MSG.deletedAccount}”, and they cannot reply;</li>
        <li>your username and email become free for anyone to use again;</li>
        <li>an ad running now stops with your shop and is not refunded.</li>
      </ul>
      <p>Want a copy first? Download your data above.</p>
      <Form method="post" action={SETTINGS} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete-account" />
        <FormMessage form={form} />
        <Field label="Your password" meta={fields.current_password} type="password" autoComplete="current-password" />
        <IntentButton intent="delete-account" pendingLabel="Deleting…" danger>
          Delete my account
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
  return (
    <main className="auth">
      <h1 className="section-title">Settings</h1>
      <p>Sign in to change your profile and password, sign out on other phones, download your data or delete your account.</p>
      <LanguageSection />
      <p>
        <Link to={`/login?${new URLSearchParams({ redirectTo: SETTINGS })}`} className="button">
          Sign in
        </Link>
      </p>
      <p>
        New to Kasuwa? <Link to={`/signup?${new URLSearchParams({ redirectTo: SETTINGS })}`}>Create an account</Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Settings · Kasuwa' },
    { name: 'description', content: 'Your Kasuwa account: profile, password, sign-ins, your data and deleting the account.' },
    canonical(originFrom(matches), SETTINGS),
  ];
}
