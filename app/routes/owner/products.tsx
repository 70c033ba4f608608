import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '#app/components/owner/confirm-delete-dialog.tsx';
import { OwnerProductCard } from '#app/components/owner/owner-product-card.tsx';
import { SHORT_FORM } from '#app/lib/forms/form-limits.ts';
import { deleteProductSchema } from '#app/lib/forms/product-forms.ts';
import { refusedStatus } from '#app/lib/forms/provider-errors.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, type SignedIn, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import ownerStylesheet from '../../styles/owner.css?url';
import stylesheet from '../../styles/products.css?url';
import type { Route } from './+types/products';
import { ownShop } from './own-shops.server';

/** The photos worth loading at once: the first row a phone shows. */
const EAGER_CARDS = 2;

const productsPath = (shopId: string) => `/shop/${encodeURIComponent(shopId)}/products`;

// owner.css holds the owner pages' heading row and the delete dialog.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: stylesheet },
];

async function productsOf(request: Request, signedIn: SignedIn | null, shopId: string): Promise<Product[]> {
  try {
    return await asSignedIn(request, signedIn, (token) => provider.shopProducts(shopId, token));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (isProviderError(error, 404)) throw data(MSG.shopWithIdNotFound(shopId), { status: 404 });
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  // The owner's token: they still see the products of a shop a moderator hid. The check that the shop is theirs runs beside it.
  const [shop, products] = await Promise.all([ownShop(request, signedIn, params.shop_id), productsOf(request, signedIn, params.shop_id)]);
  return { shop: { id: shop.id, name: shop.name }, products, words: pageWords(request, 'owner', 'forms') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  // Ownership first: someone else's shop gets the 404 page whatever the form holds.
  const shop = await ownShop(request, signedIn, params.shop_id);
  const form = await readFormWithin({ request, context }, SHORT_FORM);
  const submission = form === 'too-large' ? null : parseSubmission(form, deleteProductSchema);
  if (submission?.status !== 'success') return data({ deleteError: MSG.deleteProductFailed }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.deleteProduct(token, submission.value.productId));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // Already gone is what was asked for; the refreshed list shows it.
    if (error.status !== 404) {
      return data({ deleteError: MSG.deleteProductFailed }, { status: refusedStatus(error) });
    }
  }
  return redirect(productsPath(shop.id));
}

/** Opening or closing the dialog changes only the address: the list is current. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function OwnerProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, products } = loaderData;
  const [params] = useSearchParams();
  const deleting = products.find((product) => product.id === params.get('delete'));
  const here = productsPath(shop.id);
  const t = useT();
  return (
    <main>
      <div className="owner-head">
        <div>
          <h1 className="section-title">{t('products.heading')}</h1>
          <p className="owner-subtitle">{shop.name}</p>
        </div>
        <Link to={`/shop/${encodeURIComponent(shop.id)}/add-products`} className="button">
          {t('products.add')}
        </Link>
      </div>
      {deleting && (
        <ConfirmDeleteDialog
          title={t('products.deleteTitle', { name: deleting.name })}
          text={t('products.deleteText')}
          closeTo={here}
          action={`${here}?delete=${encodeURIComponent(deleting.id)}`}
          fields={{ productId: deleting.id }}
          error={actionData?.deleteError && t.said(actionData.deleteError)}
        />
      )}
      {products.length === 0 ? (
        <p className="notice">{t('products.none')}</p>
      ) : (
        <ul className="shop-grid owner-products" aria-label={t('products.yours')}>
          {products.map((product, index) => (
            <OwnerProductCard key={product.id} product={product} eager={index < EAGER_CARDS} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/myShop">{t('products.backToMyShops')}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('products.pageTitle', { name: loaderData?.shop.name ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
