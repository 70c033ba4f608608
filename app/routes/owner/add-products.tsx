import { data, Link, redirect } from 'react-router';
import { AddProductsForm } from '#app/components/owner/add-products-form.tsx';
import { RedirectNotice } from '#app/components/owner/redirect-notice.tsx';
import { uploadStylesheet } from '#app/components/upload/photo-input.tsx';
import { ADD_PRODUCTS_FORM } from '#app/lib/forms/form-limits.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { photosThatAreNot } from '#app/lib/forms/photo-signature.server.ts';
import { addProductsSchema, type ReadyRow } from '#app/lib/forms/product-forms.ts';
import { addProductsErrors } from '#app/lib/forms/provider-errors.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
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
import stylesheet from '../../styles/products.css?url';
import type { Route } from './+types/add-products';
import { ownShop } from './own-shops.server';
import { batchForm, chosenPhotos } from './products.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

// auth.css holds the Field component's styles, owner.css the owner pages' heading row.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: formStylesheet },
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: uploadStylesheet },
  { rel: 'stylesheet', href: stylesheet },
];

const formFailure = (message: string) => ({ status: 'error' as const, error: { '': [message] } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shopId = params.shop_id.trim();
  if (!shopId) throw data(MSG.shopIdMissing, { status: 404 });
  const shop = await ownShop(request, signedIn, shopId);
  // After a batch is stored the page says so (and moves on); reloading it then sends nothing again.
  const added = new URL(request.url).searchParams.has('added');
  return { shop: { id: shop.id, name: shop.name }, added, kept: keptSubmission(context), words: pageWords(request, 'owner', 'forms') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shopId = params.shop_id.trim();
  if (!shopId) return data({ result: formFailure(MSG.shopIdMissing) }, { status: 400 });
  // Ownership first: someone else's shop gets the 404 page whatever the form holds.
  const shop = await ownShop(request, signedIn, shopId);
  const form = await readFormWithin({ request, context }, ADD_PRODUCTS_FORM);
  if (form === 'too-large') return data({ result: formFailure(MSG.addProductsFailed + MSG.imageTooBig) }, { status: 413 });
  const submission = parseSubmission(form, addProductsSchema);
  const chosen = chosenPhotos(submission.payload);
  // Adding or removing a row without JavaScript comes here too: the form comes back with the new rows.
  if (submission.status === undefined) return data({ result: submission.reply(), chosen });
  // Every row whose photo is no photo is said along with the rest, before anything is sent.
  const notPhotos = await photosThatAreNot(form);
  if (submission.status !== 'success' || Object.keys(notPhotos).length) {
    return data({ result: submission.reply({ formErrors: [MSG.fixErrors], fieldErrors: notPhotos }), chosen }, { status: 400 });
  }
  // One at a time: a batch of camera photos decoded at once would hold each one's pixels together.
  const rows: ReadyRow[] = [];
  const unreadable: Record<string, string[]> = {};
  for (const row of submission.value) {
    const image = await fitPhoto(row.image);
    if (image) rows.push({ ...row, image });
    else unreadable[`products[${row.index}].image`] = [MSG.imageUnreadable];
  }
  if (Object.keys(unreadable).length) {
    return data({ result: submission.reply({ formErrors: [MSG.fixErrors], fieldErrors: unreadable }), chosen }, { status: 400 });
  }
  try {
    await asSignedIn(request, signedIn, (token) => provider.addProducts(token, shop.id, batchForm(rows)));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ result: submission.reply(addProductsErrors(error, rows)), chosen }, { status: 400 });
  }
  return redirect(`/shop/${encodeURIComponent(shop.id)}/add-products?added=1`);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const answer = await keepFormWhenOffline(serverAction, MSG.addProductsFailed + MSG.networkError);
  // With JavaScript the form stays on the page, its photos still chosen.
  return 'chosen' in answer ? { ...answer, chosen: null } : answer;
}
export const shouldRevalidate = revalidateUnlessOffline;

export default function AddProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, added } = loaderData;
  const products = `/shop/${encodeURIComponent(shop.id)}/products`;
  const t = useT();
  return (
    <main className="products-form-page">
      <div className="owner-head">
        <div>
          <h1 className="section-title">{t('addProducts.heading')}</h1>
          <p className="owner-subtitle">{shop.name}</p>
        </div>
      </div>
      {added ? (
        <RedirectNotice message={t.said(MSG.productsAdded)} to="/myShop" delayMs={DELAYS_MS.afterAddProducts} />
      ) : (
        <AddProductsForm lastResult={actionData?.result ?? loaderData.kept} chosenBefore={actionData && 'chosen' in actionData ? actionData.chosen : null} />
      )}
      <p>
        <Link to={products}>{t('addProducts.back')}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('addProducts.pageTitle', { name: loaderData?.shop.name ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
