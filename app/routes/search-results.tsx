import { data, Form, Link } from 'react-router';
import { FoundProducts } from '#app/components/shops/found-products.tsx';
import { Pager } from '#app/components/shops/pager.tsx';
import { ShopGrid, savedAmong } from '#app/components/shops/shop-grid.tsx';
import { StateSelect } from '#app/components/shops/state-select.tsx';
import { askedVerified, NoVerifiedSellers, VerifiedOnly } from '#app/components/shops/verified-only.tsx';
import { LoadFailed } from '#app/components/ui/load-failed.tsx';
import { chosenState, listPageHeaders } from '#app/lib/chosen-state.server.ts';
import { siteMemoryContext } from '#app/lib/host.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { PUBLIC_LIST_CACHE, pageFrom } from '#app/lib/paging.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { publicCategories, publicProducts, publicShopCards } from '#app/lib/public-shop-lists.server.ts';
import { keepDataAfterSaving } from '#app/lib/saved/keep-data-after-saving.ts';
import { savedIdsOf } from '#app/lib/saved/saved-shops.server.ts';
import { canonical, originFrom, searchIndexable } from '#app/lib/seo.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { Route } from './+types/search-results';

type Sort = '' | 'rating';

type Asked = { q: string; category: string; verified: boolean; sort: Sort };

function searchHref({ q, category, verified, sort }: Asked, page = 1) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (verified) params.set('verified', '1');
  if (sort) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return `/searchResults?${params}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const category = (url.searchParams.get('category') ?? '').trim().slice(0, 100);
  const page = pageFrom(url);
  const sort: Sort = url.searchParams.get('sort') === 'rating' ? 'rating' : '';
  const verified = askedVerified(url);
  const { state, setCookie } = chosenState(request, url);
  const init = setCookie ? { headers: { 'Set-Cookie': setCookie } } : {};
  const memory = context.get(siteMemoryContext);
  const words = pageWords(request, 'browse', 'shops');
  const [[list, categories, found], saved] = await Promise.all([
    Promise.allSettled([
      publicShopCards(memory, { q, category, state: state ?? undefined, verified, page, sort: sort || undefined }, 'Ad'),
      publicCategories(memory),
      // Only beside the first page of shops; a provider without product search simply shows none.
      page === 1 ? publicProducts(memory, q, verified) : Promise.resolve([]),
    ]),
    savedIdsOf(request, context.get(signedInContext)),
  ]);
  const categoryNames = categories.status === 'fulfilled' ? categories.value.categories.map((c) => c.name) : [];
  const products = found.status === 'fulfilled' ? found.value : [];
  if (list.status === 'rejected') {
    // A 400 refuses the search itself (a NUL character, say): nothing can match it, and trying again will not help.
    const refused = isProviderError(list.reason, 400);
    const failed = {
      q,
      category,
      state,
      verified,
      page,
      sort,
      categoryNames,
      products: [],
      shops: [],
      saved: [],
      count: 0,
      nextPage: null,
      failed: !refused,
      words,
    };
    return data(failed, { ...init, status: refused ? 400 : 503 });
  }
  const { shops, count, nextPage } = list.value;
  return data(
    { q, category, state, verified, page, sort, categoryNames, products, shops, saved: savedAmong(shops, saved), count, nextPage, failed: false, words },
    init,
  );
}

export const shouldRevalidate = keepDataAfterSaving;

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return listPageHeaders(loaderHeaders, PUBLIC_LIST_CACHE);
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { q, category, state, verified, page, sort, categoryNames, products, shops, saved, nextPage, failed } = loaderData;
  const t = useT();
  const heading = q ? t('results.for', { q }) : category ? category : t('results.allShops');
  const filtersSet = [category, state, verified, sort].filter(Boolean).length;
  const asked = { q, category, verified, sort };
  return (
    <main>
      <nav aria-label={t('results.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to="/searchResults">{t('search.button')}</Link>
          </li>
          {(q || category) && <li aria-current="page">{heading}</li>}
        </ol>
      </nav>
      <h1 className="section-title">{heading}</h1>
      <Form method="get" action="/searchResults" className="search-filters">
        <label>
          <span>{t('search.button')}</span>
          <input type="search" name="q" defaultValue={q} maxLength={200} placeholder={t('results.placeholder')} />
        </label>
        {/* Folded so that a phone sees the first result without scrolling; a <details> needs no script. */}
        <details className="search-more">
          <summary>{t('results.filters', { count: filtersSet })}</summary>
          <label>
            <span>{t('results.category')}</span>
            <select name="category" defaultValue={category}>
              <option value="">{t('results.allCategories')}</option>
              {category && !categoryNames.some((name) => name.toLowerCase() === category.toLowerCase()) && <option value={category}>{category}</option>}
              {categoryNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <StateSelect state={state} label={t('results.state')} />
          <VerifiedOnly verified={verified} />
          <label>
            <span>{t('results.sortBy')}</span>
            <select name="sort" defaultValue={sort}>
              <option value="">{t('results.newest')}</option>
              <option value="rating">{t('results.bestRated')}</option>
            </select>
          </label>
        </details>
        <button type="submit">{t('search.button')}</button>
      </Form>
      <div className="search-body">
        <div>
          {failed ? (
            <LoadFailed retryHref={searchHref(asked, page)} />
          ) : shops.length === 0 ? (
            verified ? (
              <NoVerifiedSellers allHref={searchHref({ ...asked, verified: false })} />
            ) : (
              <p className="notice">{t('results.none')}</p>
            )
          ) : (
            <>
              <ShopGrid shops={shops} saved={saved} label={t('results.label')} />
              <Pager page={page} nextPage={nextPage} hrefFor={(n) => searchHref(asked, n)} />
            </>
          )}
        </div>
        <FoundProducts products={products} />
      </div>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  const what = loaderData?.q || loaderData?.category;
  return [
    { title: what ? t('results.title', { what }) : t('results.titleAll') },
    { name: 'description', content: t('results.description') },
    { name: 'robots', content: loaderData && searchIndexable(loaderData.q, loaderData.shops.length) ? 'index, follow' : 'noindex, follow' },
    canonical(originFrom(matches), loaderData ? searchHref(loaderData, loaderData.page) : '/searchResults'),
  ];
}
