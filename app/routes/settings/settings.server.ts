import { data, type RouterContextProvider, redirect } from 'react-router';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import {
  ACCOUNT_DELETED_PATH,
  accountDeletionFormSchema,
  mailAlertsFormSchema,
  passwordFormSchema,
  profileFormSchema,
  SETTINGS,
  type SettingsDone,
  signOutOthersSchema,
} from '#app/lib/forms/settings-forms.ts';
import { smsAlertsSchema } from '#app/lib/forms/shop-forms.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { siteMemoryContext } from '#app/lib/host.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, changeSession, endSessionCookie, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import { normalisePhone } from '#rules/phone.ts';

const PROFILE_FIELDS = ['email', 'username', 'phone_number'];
const PASSWORD_FIELDS = ['current_password', 'new_password'];
const HIDDEN = ['current_password', 'new_password', 'confirm_password'];

const done = (what: SettingsDone) => redirect(`${SETTINGS}?done=${what}`);

/** One action for the page's forms, each its own intent and schema (STYLE.md, habit 3). */
export async function settingsAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const form = await readForm({ request, context });
  const intent = form.get('intent');
  // Only a new username (on reviews) and a deleted account (its shops and reviews) show on shared pages.
  if (intent !== 'profile' && intent !== 'delete-account') context.get(siteMemoryContext).keepSharedPages();

  if (intent === 'profile') {
    const submission = parseSubmission(form, profileFormSchema);
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    const { email, username, phone_number } = submission.value;
    try {
      const user = await asSignedIn(request, signedIn, (token) =>
        provider.updateProfile(token, { email, username, phone_number: normalisePhone(phone_number) }),
      );
      changeSession(context, { user: { ...signedIn.user, username: user.username, email: user.email } });
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data({ intent, result: submission.reply(formErrorsFrom(error, PROFILE_FIELDS, MSG.settingsFailed)) }, { status: 400 });
    }
    return done('profile');
  }

  if (intent === 'password') {
    const submission = parseSubmission(form, passwordFormSchema);
    if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
    const { current_password, new_password } = submission.value;
    try {
      const tokens = await asSignedIn(request, signedIn, (token) => provider.changePassword(token, { current_password, new_password }));
      // The old tokens carried the old password's fingerprint: only the new pair keeps this browser signed in.
      changeSession(context, { access: tokens.access, ...(tokens.refresh ? { refresh: tokens.refresh } : {}) });
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data({ intent, result: submission.reply({ ...formErrorsFrom(error, PASSWORD_FIELDS, MSG.settingsFailed), hideFields: HIDDEN }) }, { status: 400 });
    }
    return done('password');
  }

  if (intent === 'delete-account') {
    const submission = parseSubmission(form, accountDeletionFormSchema);
    if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
    const { current_password } = submission.value;
    try {
      await asSignedIn(request, signedIn, (token) => provider.deleteAccount(token, { current_password }));
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data(
        { intent, result: submission.reply({ ...formErrorsFrom(error, ['current_password'], MSG.settingsFailed), hideFields: HIDDEN }) },
        { status: 400 },
      );
    }
    // The provider ended every sign-in with the account: this browser's cookie goes too.
    return redirect(ACCOUNT_DELETED_PATH, { headers: { 'Set-Cookie': await endSessionCookie(request) } });
  }

  // The same switch as on My Shops, on the shop's own column: one setting, two places to reach it.
  if (intent === 'sms-alerts') {
    const submission = parseSubmission(form, smsAlertsSchema);
    if (submission.status !== 'success') throw data(MSG.formUnreadable, { status: 400 });
    const { shopId, sms } = submission.value;
    try {
      await asSignedIn(request, signedIn, (token) => provider.setSmsAlerts(token, shopId, sms === 'on'));
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data({ intent, result: submission.reply({ formErrors: [MSG.smsAlertsFailed] }) }, { status: 502 });
    }
    return done('sms');
  }

  if (intent === 'alerts') {
    const submission = parseSubmission(form, mailAlertsFormSchema);
    if (submission.status !== 'success') throw data(MSG.formUnreadable, { status: 400 });
    const { message_mail, renewal_mail } = submission.value;
    try {
      await asSignedIn(request, signedIn, (token) =>
        provider.setMailAlerts(token, { message_mail: message_mail === 'on', renewal_mail: renewal_mail === 'on' }),
      );
    } catch (error) {
      if (!isProviderError(error)) throw error;
      return data({ intent, result: submission.reply({ formErrors: [MSG.settingsFailed] }) }, { status: 502 });
    }
    return done('alerts');
  }

  const submission = parseSubmission(form, signOutOthersSchema);
  if (submission.status !== 'success') throw data(MSG.formUnreadable, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.signOutOthers(token));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ intent: 'sign-out-others' as const, result: submission.reply({ formErrors: [MSG.settingsFailed] }) }, { status: 502 });
  }
  return done('sessions');
}
