import { data, redirect } from 'react-router';
import { RedirectNotice } from '#app/components/owner/redirect-notice.tsx';
import { ShopDetailsForm } from '#app/components/owner/shop-details-form.tsx';
import { uploadStylesheet } from '#app/components/upload/photo-input.tsx';
import { SHOP_FORM } from '#app/lib/forms/form-limits.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { shopSaveErrors } from '#app/lib/forms/provider-errors.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
import { editShopFormSchema, shopFormValues } from '#app/lib/forms/shop-forms.ts';
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
import type { Route } from './+types/edit-shop';
import { ownShop } from './own-shops.server';
import { providerShopForm, shopChanges } from './shop-save.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

// auth.css holds the Field component's styles.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: formStylesheet },
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: uploadStylesheet },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  return {
    shop: shopFormValues(shop),
    photo: shop.image?.url ?? shop.image_url,
    // After the change the page says so (and moves on); reloading it then sends nothing again.
    updated: new URL(request.url).searchParams.has('updated'),
    kept: keptSubmission(context),
    words: pageWords(request, 'owner', 'forms'),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  // Ownership first: someone else's shop gets the 404 page whatever the form holds.
  const saved = await ownShop(request, signedIn, params.shop_id);
  const form = await readFormWithin({ request, context }, SHOP_FORM);
  if (form === 'too-large') return data({ result: { status: 'error' as const, error: { '': [MSG.imageTooBig] } } }, { status: 413 });
  const submission = parseSubmission(form, editShopFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const image = submission.value.image && (await fitPhoto(submission.value.image));
  if (image === null) return data({ result: submission.reply({ fieldErrors: { image: [MSG.imageUnreadable] } }) }, { status: 400 });
  const changes = shopChanges({ ...submission.value, image }, saved, form);
  if (!Object.keys(changes).length) return data({ result: submission.reply({ formErrors: [MSG.noChanges] }) }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.updateShop(token, saved.id, providerShopForm(changes)));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ result: submission.reply(shopSaveErrors(error, 'update')) }, { status: 400 });
  }
  return redirect(`/editShop/${encodeURIComponent(saved.id)}/edit-shop?updated=1`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.updateShopFailed + MSG.networkError);
export const shouldRevalidate = revalidateUnlessOffline;

export default function EditShop({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, photo, updated } = loaderData;
  const t = useT();
  return (
    <main className="shop-form-page">
      <h1 className="section-title">{t('editShop.heading')}</h1>
      {/* A form sent again from here posts to this address too: its own answer then takes the message's place. */}
      {updated && !actionData && <RedirectNotice message={t.said(MSG.shopUpdated)} to="/myShop" delayMs={DELAYS_MS.afterEditShop} />}
      <ShopDetailsForm
        // Made anew once saved, so it shows what is saved now.
        key={String(updated)}
        mode="edit"
        lastResult={actionData?.result ?? loaderData.kept}
        defaultValue={shop}
        currentPhoto={photo ? { url: photo, alt: t('editShop.currentPhoto', { name: shop.name }) } : null}
      />
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('editShop.pageTitle', { name: loaderData?.shop.name ?? t('editShop.heading') }) }, { name: 'robots', content: 'noindex' }];
}
