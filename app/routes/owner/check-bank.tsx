import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { messageErrors, refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { bankCheckSchema } from '#rules/bank-check-schemas.ts';
import { BANK_CHECK } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import ownerStylesheet from '../../styles/owner.css?url';
import type { Route } from './+types/check-bank';
import { ownShop } from './own-shops.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesheet }];

const BANK_FIELDS = ['bank_code', 'account_number', 'account_name'] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  const banks = await provider.banks().then(
    (list) => list.banks,
    (error: unknown) => {
      if (!isProviderError(error)) throw error;
      return null;
    },
  );
  return {
    shop: { id: shop.id, name: shop.name, match: shop.bank_match },
    banks,
    constraint: formConstraint(bankCheckSchema),
    words: pageWords(request, 'verification', 'forms'),
  };
}

/** Paystack names the account; a name that differs comes back on the name field, with what was typed kept. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  const submission = parseSubmission(await readForm({ request, context }), bankCheckSchema);
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  try {
    const checked = await asSignedIn(request, signedIn, (token) => provider.checkBank(token, shop.id, submission.value));
    if (!checked.matched) return data(submission.reply({ fieldErrors: { account_name: [MSG.bankNameMismatch] } }), { status: 400 });
  } catch (error) {
    return data(submission.reply(messageErrors(error, BANK_FIELDS, MSG.bankListUnavailable)), { status: refusedStatus(error) });
  }
  return redirect(`/myShop/${encodeURIComponent(shop.id)}/bank?matched=1`);
}

export default function CheckBank({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, banks, constraint } = loaderData;
  const t = useT();
  const [params] = useSearchParams();
  const [form, fields] = useForm({
    id: 'bank-check',
    lastResult: actionData,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankCheckSchema }),
  });
  return (
    <main className="check-bank">
      <h1 className="section-title">{t('checkBank.heading', { name: shop.name })}</h1>
      {shop.match && (
        <p className={params.has('matched') ? 'notice success' : 'notice'} role="status">
          {params.has('matched') ? `${t('checkBank.done')} ` : ''}
          {t('checkBank.matched', { bank: shop.match.bank_name, last4: shop.match.account_last4, name: shop.match.account_name })}
        </p>
      )}
      <p>{t('checkBank.why')}</p>
      <p>{t('checkBank.shown')}</p>
      {banks ? (
        <Form method="post" {...getFormProps(form)}>
          <FormMessage form={form} />
          <ChoiceField label={t('checkBank.bank')} meta={fields.bank_code}>
            <option value="">{t('checkBank.chooseBank')}</option>
            {banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </ChoiceField>
          <Field
            label={t('checkBank.number', { digits: BANK_CHECK.accountDigits })}
            meta={fields.account_number}
            type="text"
            inputMode="numeric"
            autoComplete="off"
          />
          <Field label={t('checkBank.name')} hint={t('checkBank.nameHint')} meta={fields.account_name} type="text" autoComplete="name" />
          <SubmitButton pendingLabel={t('checkBank.checking')}>{t('checkBank.check')}</SubmitButton>
        </Form>
      ) : (
        <p className="notice error" role="alert">
          {t.said(MSG.bankListUnavailable)}
        </p>
      )}
      <p>
        <Link to="/verification#bank">{t('checkBank.whatItMeans')}</Link>
      </p>
      <p>
        <Link to="/myShop">{t('verifyPhone.back')}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return [
    { title: translator(wordsOnScreen(matches))('checkBank.pageTitle', { name: loaderData?.shop.name ?? 'Kasuwa' }) },
    { name: 'robots', content: 'noindex' },
  ];
}
