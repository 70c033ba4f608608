import { data, Link, redirect } from 'react-router';
import { Pager } from '#app/components/shops/pager.tsx';
import { cardShop, ShopGrid } from '#app/components/shops/shop-grid.tsx';
import { LoadFailed } from '#app/components/ui/load-failed.tsx';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { savedFormSchema } from '#app/lib/forms/saved-form.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { pageFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { cookieSavedIds, savedIdsCookie } from '#app/lib/saved/saved-cookie.server.ts';
import { changeSaved } from '#app/lib/saved/saved-shops.server.ts';
import { asSignedIn, safeRedirectTarget, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/saved';

/** The shops this visitor saved, as cards: the account's, or the cookie's (a shop deleted since drops out of the cookie too). */
async function savedCards(request: Request, context: Route.LoaderArgs['context'], page: number) {
  const signedIn = context.get(signedInContext);
  if (signedIn) {
    const list = await asSignedIn(request, signedIn, (token) => provider.savedShops(token, page));
    return { shops: list.results, nextPage: list.next_page, setCookie: null };
  }
  const ids = await cookieSavedIds(request);
  const { results } = ids.length ? await provider.shopsByIds(ids) : { results: [] };
  const setCookie = results.length < ids.length ? await savedIdsCookie(results.map((shop) => shop.id)) : null;
  return { shops: results, nextPage: null, setCookie };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFrom(new URL(request.url));
  const words = pageWords(request, 'mine', 'shops', 'forms');
  try {
    const { shops, nextPage, setCookie } = await savedCards(request, context, page);
    const cards = shops.map((shop) => ({ shop: cardShop(shop) }));
    return data({ shops: cards, page, nextPage, failed: false, words }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ shops: [], page, nextPage: null, failed: true, words }, { status: 503 });
  }
}

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

/**
 * A heart's post. Without JavaScript it comes back to the page it was sent from (`back`), or shows this
 * page with the refusal; with JavaScript the heart reads the answer and the page stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm({ request, context }), savedFormSchema);
  if (submission.status !== 'success') throw data(MSG.formUnreadable, { status: 400 });
  const { shop, save, back } = submission.value;
  const { setCookie, status, ...answer } = await changeSaved(request, context.get(signedInContext), shop, save);
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined;
  if (back !== undefined && !answer.error) throw redirect(safeRedirectTarget(back), { headers });
  return data(answer, { status, headers });
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const { shops, page, nextPage, failed } = loaderData;
  const t = useT();
  return (
    <main>
      <h1 className="section-title">{t('saved.heading')}</h1>
      {actionData?.error && (
        <p className="notice error" role="alert">
          {t.said(actionData.error)}
        </p>
      )}
      {failed ? (
        <LoadFailed retryHref="/saved" />
      ) : shops.length === 0 ? (
        <p className="notice">
          {t('saved.empty')} <Link to="/">{t('mine.browse')}</Link>
        </p>
      ) : (
        <>
          <ShopGrid shops={shops} saved={shops.map(({ shop }) => shop.id)} label={t('saved.heading')} />
          <Pager page={page} nextPage={nextPage} hrefFor={(n) => (n === 1 ? '/saved' : `/saved?page=${n}`)} />
        </>
      )}
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('saved.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
