import { data, Form, Link, useSearchParams } from 'react-router';
import { SearchBox } from '#app/components/layout/search-box.tsx';
import { Welcome } from '#app/components/layout/welcome.tsx';
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
import { publicCategories, publicShopCards } from '#app/lib/public-shop-lists.server.ts';
import { keepDataAfterSaving } from '#app/lib/saved/keep-data-after-saving.ts';
import { savedIdsOf } from '#app/lib/saved/saved-shops.server.ts';
import { canonical, originFrom, socialTags } from '#app/lib/seo.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { Route } from './+types/home';

function homeHref(page: number, verified: boolean) {
  const params = new URLSearchParams();
  if (verified) params.set('verified', '1');
  if (page > 1) params.set('page', String(page));
  return params.size ? `/?${params}` : '/';
}

/** Enough chips for a phone's row or two; the rest open under "More categories". */
const CATEGORY_CHIPS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const welcome = url.searchParams.has('welcome') ? (context.get(signedInContext)?.user.username ?? null) : null;
  const { state, setCookie } = chosenState(request, url);
  const verified = askedVerified(url);
  const init = setCookie ? { headers: { 'Set-Cookie': setCookie } } : {};
  const memory = context.get(siteMemoryContext);
  const words = pageWords(request, 'browse', 'shops');
  const [[list, categories], saved] = await Promise.all([
    Promise.allSettled([publicShopCards(memory, { page, state: state ?? undefined, verified }, 'Sponsored'), publicCategories(memory)]),
    savedIdsOf(request, context.get(signedInContext)),
  ]);
  // Without categories the home page still shows its shops; the chips just stay away.
  const chips = categories.status === 'fulfilled' ? categories.value.categories.map((c) => c.name) : [];
  if (list.status === 'rejected')
    return data({ shops: [], saved: [], chips, state, verified, page, nextPage: null, failed: true, welcome, words }, { ...init, status: 503 });
  const { shops, nextPage } = list.value;
  return data({ shops, saved: savedAmong(shops, saved), chips, state, verified, page, nextPage, failed: false, welcome, words }, init);
}

export const shouldRevalidate = keepDataAfterSaving;

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return listPageHeaders(loaderHeaders, PUBLIC_LIST_CACHE);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shops, saved, chips, state, verified, page, nextPage, failed, welcome } = loaderData;
  // Where Settings sends a deleted account: the same words for everyone, so the page stays shared.
  const [params] = useSearchParams();
  const t = useT();
  return (
    <main>
      {welcome && <Welcome username={welcome} />}
      {params.has('account-deleted') && (
        <p className="notice success" role="status">
          {t('home.accountDeleted')}
        </p>
      )}
      <div className="home-search">
        <SearchBox id="home-search" label={t('home.findShop')} />
      </div>
      {chips.length > 0 && (
        <nav aria-label={t('home.categories')}>
          <CategoryChips names={chips.slice(0, CATEGORY_CHIPS)} />
          {/* Every category with shops stays one tap away, without JavaScript too. */}
          {chips.length > CATEGORY_CHIPS && (
            <details className="more-chips">
              <summary>{t('home.moreCategories', { count: chips.length - CATEGORY_CHIPS })}</summary>
              <CategoryChips names={chips.slice(CATEGORY_CHIPS)} />
            </details>
          )}
        </nav>
      )}
      <Form method="get" action="/" className="state-picker">
        <StateSelect state={state} label={t('home.shopsIn')} />
        <VerifiedOnly verified={verified} />
        <button type="submit">{t('home.show')}</button>
      </Form>
      <h1 className="section-title">{t('home.forYou')}</h1>
      {failed ? (
        <LoadFailed retryHref={homeHref(page, verified)} />
      ) : shops.length === 0 ? (
        verified ? (
          <NoVerifiedSellers allHref="/" />
        ) : (
          <p className="notice">{state ? t('home.noShopsInState', { state }) : t('home.empty')}</p>
        )
      ) : (
        <>
          <ShopGrid shops={shops} saved={saved} label={t('home.shopsForYou')} />
          <Pager page={page} nextPage={nextPage} hrefFor={(n) => homeHref(n, verified)} />
        </>
      )}
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  const page = loaderData?.page ?? 1;
  const title = page > 1 ? t('home.titlePage', { page }) : t('home.title');
  const description = t('home.description');
  const link = canonical(originFrom(matches), page > 1 ? `/?page=${page}` : '/');
  return [{ title }, { name: 'description', content: description }, link, ...socialTags({ title, description, url: link.href })];
}

function CategoryChips({ names }: { names: string[] }) {
  return (
    <ul className="chips">
      {names.map((name) => (
        <li key={name}>
          <Link to={`/searchResults?category=${encodeURIComponent(name)}`}>{name}</Link>
        </li>
      ))}
    </ul>
  );
}
