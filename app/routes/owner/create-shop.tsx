import { data, redirect } from 'react-router';
import { RedirectNotice } from '#app/components/owner/redirect-notice.tsx';
import { ShopDetailsForm } from '#app/components/owner/shop-details-form.tsx';
import { uploadStylesheet } from '#app/components/upload/photo-input.tsx';
import { SHOP_FORM } from '#app/lib/forms/form-limits.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { shopSaveErrors } from '#app/lib/forms/provider-errors.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
import { createShopFormSchema } from '#app/lib/forms/shop-forms.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keptSubmission } from '#app/lib/kept-form.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { fitPhoto } from '#app/lib/upload/fit-photo.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { DELAYS_MS } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import formStylesheet from '../../styles/auth.css?url';
import ownerStylesheet from '../../styles/owner.css?url';
import type { Route } from './+types/create-shop';
import { providerShopForm } from './shop-save.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

// auth.css holds the Field component's styles.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: formStylesheet },
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: uploadStylesheet },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request, context.get(signedInContext));
  // After a shop is made the page says so (and moves on); reloading it then sends nothing again.
  return { created: new URL(request.url).searchParams.get('created'), kept: keptSubmission(context), words: pageWords(request, 'owner', 'forms') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const form = await readFormWithin({ request, context }, SHOP_FORM);
  if (form === 'too-large') return data({ result: { status: 'error' as const, error: { '': [MSG.imageTooBig] } } }, { status: 413 });
  const submission = parseSubmission(form, createShopFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const image = await fitPhoto(submission.value.image);
  if (!image) return data({ result: submission.reply({ fieldErrors: { image: [MSG.imageUnreadable] } }) }, { status: 400 });
  try {
    const shop = await asSignedIn(request, signedIn, (token) => provider.createShop(token, providerShopForm({ ...submission.value, image })));
    return redirect(`/createShop?created=${encodeURIComponent(shop.id)}`);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ result: submission.reply(shopSaveErrors(error, 'create')) }, { status: 400 });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.createShopFailed + MSG.networkError);
export const shouldRevalidate = revalidateUnlessOffline;

export default function CreateShop({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  const t = useT();
  return (
    <main className="shop-form-page">
      <h1 className="section-title">{t('createShop.heading')}</h1>
      {/* A form sent again from here posts to this address too: its own answer then takes the message's place. */}
      {created && !actionData && <RedirectNotice message={t.said(MSG.shopCreated)} to="/myShop" delayMs={DELAYS_MS.afterCreateShop} />}
      {/* A new form for each shop made, named by its id: the form is reset (docs/product.md §4). */}
      <ShopDetailsForm key={created} mode="create" lastResult={actionData?.result ?? loaderData.kept} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  // No robots rule: a crawler has no session, so it only ever gets the redirect to /login, which robots.txt keeps out.
  return [{ title: t('createShop.pageTitle') }, { name: 'description', content: t('createShop.description') }];
}
