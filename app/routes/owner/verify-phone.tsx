import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { FieldFrame, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { phoneCodeFormSchema } from '#app/lib/forms/phone-forms.ts';
import { messageErrors, refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { PHONE_CODE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { localPhone } from '#rules/phone.ts';
import ownerStylesheet from '../../styles/owner.css?url';
import type { Route } from './+types/verify-phone';
import { ownShop } from './own-shops.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesheet }];

const phonePath = (shopId: string) => `/myShop/${encodeURIComponent(shopId)}/phone`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  return {
    shop: { id: shop.id, name: shop.name, phone: shop.owner_phone, verified: shop.phone_verified },
    constraint: formConstraint(phoneCodeFormSchema),
    words: pageWords(request, 'verification', 'forms'),
  };
}

/**
 * Two plain forms on one page: "send" texts a code to the shop's Call number, the other checks the code typed.
 * Each answers with a redirect, so a reload neither texts again nor tries a code twice.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  if (!shop.owner_phone) throw data(MSG.shopWithIdNotFound(shop.id), { status: 404 });
  const phone = shop.owner_phone;
  const form = await readForm({ request, context });
  if (form.get('intent') === 'send') {
    try {
      await asSignedIn(request, signedIn, (token) => provider.sendPhoneCode(token, phone));
    } catch (error) {
      return data({ sendError: messageErrors(error, [], MSG.networkOrUnexpected).formErrors.join(' '), result: undefined }, { status: refusedStatus(error) });
    }
    // Each send gets its own mark, so the code form starts afresh without the last code's refusal.
    return redirect(`${phonePath(shop.id)}?sent=${Date.now().toString(36)}`);
  }
  const submission = parseSubmission(form, phoneCodeFormSchema);
  if (submission.status !== 'success') return data({ sendError: null, result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.verifyPhone(token, { phone_number: phone, code: submission.value.code }));
  } catch (error) {
    return data({ sendError: null, result: submission.reply(messageErrors(error, ['code'], MSG.networkOrUnexpected)) }, { status: refusedStatus(error) });
  }
  return redirect(`${phonePath(shop.id)}?verified=1`);
}

export default function VerifyPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, constraint } = loaderData;
  const t = useT();
  const [params] = useSearchParams();
  const phone = shop.phone ? localPhone(shop.phone) : '';
  const sent = params.has('sent') || actionData?.result !== undefined;
  return (
    <main className="verify-phone">
      <h1 className="section-title">{t('verifyPhone.heading', { name: shop.name })}</h1>
      {shop.verified ? (
        <>
          <p className={params.has('verified') ? 'notice success' : 'notice'} role="status">
            {params.has('verified') ? t('verifyPhone.done', { phone }) : t('verifyPhone.verified', { phone })}
          </p>
          <p>{t('verifyPhone.changed')}</p>
        </>
      ) : (
        shop.phone && (
          <>
            <p>{t('verifyPhone.why', { phone })}</p>
            {actionData?.sendError && (
              <p className="notice error" role="alert">
                {t.said(actionData.sendError)}
              </p>
            )}
            {sent && !actionData?.sendError && (
              <p className="notice" role="status">
                {t('verifyPhone.sent', { phone, minutes: PHONE_CODE.minutes })}
              </p>
            )}
            {sent && <CodeForm key={params.get('sent')} constraint={constraint} lastResult={actionData?.result} />}
            <Form method="post" className="send-code">
              <input type="hidden" name="intent" value="send" />
              <SubmitButton pendingLabel={t('verifyPhone.sending')}>{sent ? t('verifyPhone.sendAgain') : t('verifyPhone.send')}</SubmitButton>
            </Form>
          </>
        )
      )}
      <p>
        <Link to="/myShop">{t('verifyPhone.back')}</Link>
      </p>
    </main>
  );
}

function CodeForm({ constraint, lastResult }: { constraint: Route.ComponentProps['loaderData']['constraint']; lastResult: SubmissionResult | undefined }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'phone-code',
    lastResult,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneCodeFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormMessage form={form} />
      <FieldFrame label={t('verifyPhone.code')} meta={fields.code}>
        <input {...getInputProps(fields.code, { type: 'text' })} inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
      </FieldFrame>
      <SubmitButton pendingLabel={t('verifyPhone.confirming')}>{t('verifyPhone.confirm')}</SubmitButton>
    </Form>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return [
    { title: translator(wordsOnScreen(matches))('verifyPhone.pageTitle', { name: loaderData?.shop.name ?? 'Kasuwa' }) },
    { name: 'robots', content: 'noindex' },
  ];
}
