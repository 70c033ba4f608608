import { Link } from 'react-router';
import { photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { getWebEnv } from '#app/lib/env.server.ts';
import { useHydrated } from '#app/lib/hydrated.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { posterOf } from '#app/lib/poster/poster.server.ts';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import stylesheet from '../../styles/poster.css?url';
import type { Route } from './+types/shop-poster';
import { ownShop } from './own-shops.server';

/** Printed, the page is the poster alone: no header, navigation or footer. */
export const handle: RouteHandle = { bare: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  const poster = await posterOf(shop, getWebEnv().webUrl);
  return { ...poster, photo: photoOf(poster.shop.image, poster.shop.image_url), words: pageWords(request, 'poster') };
}

export default function ShopPoster({ loaderData }: Route.ComponentProps) {
  const { shop, shortUrl, shortText, qrSvg, photo } = loaderData;
  const hydrated = useHydrated();
  const t = useT();
  const id = encodeURIComponent(shop.id);
  return (
    <>
      <nav className="poster-tools" aria-label={t('poster.tools')}>
        <Link to="/myShop" className="button secondary">
          {t('poster.back')}
        </Link>
        <a href={`/myShop/${id}/poster.svg`} className="button secondary" download>
          {t('poster.download')}
        </a>
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            {t('poster.print')}
          </button>
        ) : (
          <span className="field-hint">{t('poster.printHint')}</span>
        )}
      </nav>
      <main className="poster">
        <p className="poster-kicker">{t('poster.kicker')}</p>
        <h1 className="poster-name">{shop.name}</h1>
        {shop.category && <p className="poster-category">{shop.category}</p>}
        <ResponsiveImage photo={photo} alt="" slot={{ sizes: '120mm', widest: 1024, phone: 454 }} timing="lcp" className="poster-photo" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: qrcode's own SVG of our own link; no typed text is in it */}
        <div className="poster-qr" role="img" aria-label={t('poster.qr', { link: shortUrl })} dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <p className="poster-link">{shortText}</p>
        <p className="poster-hint">{t('poster.hint')}</p>
      </main>
    </>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: loaderData ? t('poster.pageTitle', { name: loaderData.shop.name }) : t('poster.pageTitleNoShop') }, { name: 'robots', content: 'noindex' }];
}
