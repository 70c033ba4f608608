import QRCode from 'qrcode';
import { data } from 'react-router';
import type { OwnShop, Shop } from '#app/lib/provider/contract.ts';
import { MSG } from '#rules/messages.ts';

export type Poster = {
  shop: Pick<Shop, 'id' | 'name' | 'category' | 'image' | 'image_url'>;
  shortUrl: string;
  shortText: string;
  qrSvg: string;
};

/** A hidden shop's link leads nowhere, and another provider's shop has no short link: neither gets a poster. */
export async function posterOf(shop: OwnShop, webUrl: string): Promise<Poster> {
  if (!shop.short_code) throw data(MSG.shopWithIdNotFound(shop.id), { status: 404 });
  if (shop.hidden) throw data(MSG.hiddenShopKept, { status: 409 });
  const shortUrl = `${webUrl}/s/${shop.short_code}`;
  // Medium error correction survives a smudge or a crease.
  const qrSvg = await QRCode.toString(shortUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    shop: { id: shop.id, name: shop.name, category: shop.category, image: shop.image, image_url: shop.image_url },
    shortUrl,
    shortText: shortUrl.replace(/^https?:\/\//, ''),
    qrSvg,
  };
}
