import { getWebEnv } from '#app/lib/env.server.ts';
import { posterOf } from '#app/lib/poster/poster.server.ts';
import { posterSvg } from '#app/lib/poster/poster-svg.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { requestLanguage } from '#app/lib/request-language.server.ts';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { sayerIn } from '#rules/i18n/say.ts';
import type { Route } from './+types/shop-poster-svg';
import { ownShop } from './own-shops.server';

/** The shop's photo as the poster file carries it: the main JPEG through the provider, or none when it cannot be had. */
async function photoBytes(imageUrl: string | null): Promise<{ type: string; bytes: Buffer } | null> {
  if (!imageUrl?.startsWith('/media/')) return null;
  const response = await provider.media(imageUrl.slice('/media/'.length)).catch(() => null);
  if (!response?.ok) return null;
  return { type: response.headers.get('content-type') ?? 'image/jpeg', bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * An SVG opened on its own is a document: it may show its own photo (a data: image) and nothing else.
 * Its text is styled by attributes, which no style-src governs.
 */
const POSTER_POLICY = "default-src 'none'; img-src data:; frame-ancestors 'none'";

/** The poster as an SVG download; the owner's only, like the poster page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, signedIn, params.shop_id);
  const poster = await posterOf(shop, getWebEnv().webUrl);
  const say = sayerIn(requestLanguage(request), 'poster');
  const svg = posterSvg(poster, await photoBytes(shop.image_url), { kicker: say('poster.kicker'), hint: say('poster.hint') });
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'content-disposition': `attachment; filename="kasuwa-poster-${shop.short_code}.svg"`,
      'cache-control': 'private, no-store',
      'content-security-policy': POSTER_POLICY,
    },
  });
}
