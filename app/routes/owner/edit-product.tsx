import { data, Link, redirect } from 'react-router';
import { EditProductForm } from '#app/components/owner/edit-product-form.tsx';
import { RedirectNotice } from '#app/components/owner/redirect-notice.tsx';
import { uploadStylesheet } from '#app/components/upload/photo-input.tsx';
import { EDIT_PRODUCT_FORM } from '#app/lib/forms/form-limits.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { editProductSchema } from '#app/lib/forms/product-forms.ts';
import { editProductErrors } from '#app/lib/forms/provider-errors.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keptSubmission } from '#app/lib/kept-form.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { fitPhoto } from '#app/lib/upload/fit-photo.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { DELAYS_MS } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { savedProductFields } from '#rules/product-fields.ts';
import formStylesheet from '../../styles/auth.css?url';
import ownerStylesheet from '../../styles/owner.css?url';
import stylesheet from '../../styles/products.css?url';
import type { Route } from './+types/edit-product';
import { ownProduct, productChangesForm } from './products.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

// auth.css holds the Field component's styles, owner.css the owner pages' heading row.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: formStylesheet },
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: uploadStylesheet },
  { rel: 'stylesheet', href: stylesheet },
];

/** The smallest WebP copy: the list shows thumbnails, and every browser we serve shows WebP. */
function thumbnailOf(photo: Product['photos'][number]): string {
  const copies = (photo.image?.variants ?? []).filter((variant) => variant.type === 'image/webp');
  return copies.sort((a, b) => a.width - b.width)[0]?.url ?? photo.image_url;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const own = await ownProduct(request, signedIn, params.product_id);
  const words = pageWords(request, 'owner', 'forms', 'shop');
  // The same two messages (docs/product.md §8) for an unknown id, someone else's product, or the provider down.
  if (!own.product) return data({ product: null, updated: false, words }, { status: own.status });
  const { product, shopId } = own;
  const updated = new URL(request.url).searchParams.has('updated');
  return {
    product: {
      id: product.id,
      name: product.name,
      price: product.price,
      photo: product.image?.url ?? product.image_url,
      photos: product.photos.map((photo) => ({ key: photo.key, url: thumbnailOf(photo) })),
      shopId,
      ...savedProductFields(product),
    },
    updated,
    kept: keptSubmission(context),
    words,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  // Ownership first: someone else's product gets the 404 page whatever the form holds.
  const own = await ownProduct(request, signedIn, params.product_id);
  if (!own.product) throw data(MSG.productDataUnavailable, { status: own.status });
  const { product } = own;
  const form = await readFormWithin({ request, context }, EDIT_PRODUCT_FORM);
  if (form === 'too-large') return data({ result: { status: 'error' as const, error: { '': [MSG.imageTooBig] } } }, { status: 413 });
  const submission = parseSubmission(form, editProductSchema(product, form));
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const image = submission.value.image && (await fitPhoto(submission.value.image));
  if (image === null) return data({ result: submission.reply({ fieldErrors: { image: [MSG.imageUnreadable] } }) }, { status: 400 });
  const photos = submission.value.photos && (await Promise.all(submission.value.photos.map(fitPhoto)));
  if (photos?.includes(null)) return data({ result: submission.reply({ fieldErrors: { photos: [MSG.imageUnreadable] } }) }, { status: 400 });
  const changes = { ...submission.value, image, photos: photos?.filter((photo) => photo !== null) };
  try {
    await asSignedIn(request, signedIn, (token) => provider.updateProduct(token, product.id, productChangesForm(changes)));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ result: submission.reply(editProductErrors(error)) }, { status: 400 });
  }
  // After the change the page says so (and moves on); reloading it then sends nothing again.
  return redirect(`/shop/${encodeURIComponent(product.id)}/edit-products?updated=1`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkError);
export const shouldRevalidate = revalidateUnlessOffline;

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, updated } = loaderData;
  const t = useT();
  if (!product) {
    return (
      <main className="products-form-page">
        <h1 className="section-title">{t('editProduct.heading')}</h1>
        <div className="notice error" role="alert">
          <p>{MSG.productDataUnavailable}</p>
          <p>{MSG.productDataInvalidNavigation}</p>
        </div>
        <p>
          <Link to="/myShop">{t('products.backToMyShops')}</Link>
        </p>
      </main>
    );
  }
  return (
    <main className="products-form-page">
      <div className="owner-head">
        <div>
          <h1 className="section-title">{t('editProduct.heading')}</h1>
          <p className="owner-subtitle">{product.name}</p>
        </div>
      </div>
      {updated ? (
        <RedirectNotice message={t.said(MSG.productUpdated)} to="/myShop" delayMs={DELAYS_MS.afterEditProduct} />
      ) : (
        <EditProductForm key={product.id} product={product} lastResult={actionData?.result ?? loaderData.kept} />
      )}
      <p>
        <Link to={`/shop/${encodeURIComponent(product.shopId)}/products`}>{t('addProducts.back')}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('editProduct.pageTitle', { name: loaderData?.product?.name ?? t('editProduct.heading') }) }, { name: 'robots', content: 'noindex' }];
}
