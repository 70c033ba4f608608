import { data } from 'react-router';
import { Welcome } from '../components/layout/welcome';
import { Pager } from '../components/shops/pager';
import { ShopGrid, sponsoredFirst } from '../components/shops/shop-grid';
import { pageFrom, PAGE_SIZE, PUBLIC_LIST_CACHE } from '../lib/paging';
import { provider } from '../lib/provider/client.server';
import { cachedPublicRead } from '../lib/public-cache.server';
import { canonical, originFrom, socialTags } from '../lib/seo';
import { MSG } from '../lib/rules/messages';
import { visitorContext } from '../lib/session.server';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const welcome = url.searchParams.has('welcome') ? (context.get(visitorContext)?.user.username ?? null) : null;
  try {
    const list = await cachedPublicRead(request, `shops?page=${page}`, () => provider.listShops({ page, pageSize: PAGE_SIZE }));
    return data({ shops: sponsoredFirst(list, 'Sponsored'), page, nextPage: list.next_page, failed: false, welcome });
  } catch {
    return data({ shops: [], page, nextPage: null, failed: true, welcome }, { status: 503 });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has('Cache-Control') ? loaderHeaders : PUBLIC_LIST_CACHE;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shops, page, nextPage, failed, welcome } = loaderData;
  return (
    <main>
      {welcome && <Welcome username={welcome} />}
      <h1 className="section-title">For You</h1>
      {failed ? (
        <p className="notice error" role="alert">
          {MSG.networkOrUnexpected} <a href={page > 1 ? `/?page=${page}` : '/'}>Try again</a>
        </p>
      ) : shops.length === 0 ? (
        <p className="notice">{MSG.homeEmpty}</p>
      ) : (
        <>
          <ShopGrid shops={shops} label="Shops for you" />
          <Pager page={page} nextPage={nextPage} hrefFor={(n) => (n === 1 ? '/' : `/?page=${n}`)} />
        </>
      )}
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const title = page > 1 ? `Shops near you, page ${page} · Kasuwa` : 'Kasuwa · Shops near you';
  const description = 'Browse and search local shops across Nigeria: food, fashion, phones, beauty and more.';
  const link = canonical(originFrom(matches), page > 1 ? `/?page=${page}` : '/');
  return [{ title }, { name: 'description', content: description }, link, ...socialTags({ title, description, url: link.href })];
}
