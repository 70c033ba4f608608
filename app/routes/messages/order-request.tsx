import { data, redirect } from 'react-router';
import { BackToShop } from '#app/components/messages/back-to-shop.tsx';
import { MessagesStyles } from '#app/components/messages/messages-styles.tsx';
import { type OrderableProduct, OrderForm } from '#app/components/messages/order-form.tsx';
import { SafetyLine } from '#app/components/messages/safety-line.tsx';
import { ORDER_FORM, ORDER_PAGE_PRODUCTS_MAX } from '#app/lib/forms/form-limits.ts';
import { orderFormSchema } from '#app/lib/forms/message-forms.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { messageErrors } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keptSubmission, pagePath } from '#app/lib/kept-form.server.ts';
import { shopToWrite } from '#app/lib/messages/shop-to-write.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import { orderQuantity } from '#rules/order.ts';
import type { Route } from './+types/order-request';

export const handle: RouteHandle = { typedForm: true };

/**
 * The shop's products in stock, the one whose Order control led here first with its quantity. Open to anyone,
 * so a visitor chooses first and signs in after, with the choice kept.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  const url = new URL(request.url);
  const productId = url.searchParams.get('product');
  const chosen = productId ? { productId, quantity: orderQuantity(url.searchParams.get('qty')) } : null;
  const { shopName, ownShop, more: products } = await shopToWrite(request, signedIn, params.shop_id, provider.shopProducts(params.shop_id));
  const inStock = products.filter((product) => product.in_stock !== false);
  const first = inStock.filter((product) => product.id === chosen?.productId);
  const listed = [...first, ...inStock.filter((product) => product.id !== chosen?.productId)]
    .slice(0, ORDER_PAGE_PRODUCTS_MAX)
    .map(({ id, name, price }): OrderableProduct => ({ id, name, price }));
  // The form posts to this very address, so words kept across a sign-in come back to the same rows.
  const action = pagePath(url);
  return {
    shopName,
    products: listed,
    chosen,
    action,
    signedIn: signedIn !== null,
    ownShop,
    kept: keptSubmission(context),
    words: pageWords(request, 'messages', 'forms'),
  };
}

/** Sends the request into the buyer's thread with the shop and opens it there. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: pagePath(new URL(request.url)) })}`);
  const submission = parseSubmission(await readForm({ request, context }, ORDER_FORM), orderFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    const sent = await asSignedIn(request, signedIn, (token) =>
      provider.sendOrder(token, params.shop_id, { lines: submission.value.lines, note: submission.value.note ?? '' }),
    );
    return redirect(`/messages/${encodeURIComponent(sent.thread_id)}#reply`);
  } catch (error) {
    const errors = messageErrors(error, ['note'], MSG.orderFailed);
    // A line's refusal (out of stock, no longer sold) has no box of its own: it goes above the form.
    if (isProviderError(error, 400)) errors.formErrors.push(...Object.values(error.fieldMessages()).filter((text) => !errors.formErrors.includes(text)));
    const status = isProviderError(error) && error.status && error.status < 500 ? error.status : 502;
    return data({ result: submission.reply(errors) }, { status });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.orderFailed);
export const shouldRevalidate = revalidateUnlessOffline;

export default function OrderRequestPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { shopName, products, chosen, action, signedIn, ownShop, kept } = loaderData;
  const t = useT();
  return (
    <>
      <MessagesStyles />
      <main className="messages">
        <h1 className="section-title">{t('orderPage.heading', { name: shopName })}</h1>
        {ownShop ? (
          <p className="notice">{t('messageShop.own')}</p>
        ) : products.length === 0 ? (
          <p className="notice">{t.said(MSG.orderLinesRequired)}</p>
        ) : (
          <>
            <SafetyLine />
            {!signedIn && <p className="notice">{t('messageShop.signInFirst')}</p>}
            <OrderForm action={action} products={products} chosen={chosen} lastResult={actionData?.result ?? kept} />
          </>
        )}
        <BackToShop shopId={params.shop_id} shopName={shopName} />
      </main>
    </>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('orderPage.pageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
