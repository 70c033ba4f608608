import QRCode from 'qrcode';
import { data } from 'react-router';
import type { OwnShop, Shop } from '#app/lib/provider/contract.ts';
import { MSG } from '#rules/messages.ts';

export type Poster = {
  shop: Pick<Shop, 'id' | 'name' | 'category' | 'image' | 'image_url'>;
  /** The absolute short link the QR code holds. */
  shortUrl: string;
  /** The same link as people type it, without `https://`. */
  shortText: string;
  /** The QR code as an SVG document, drawn by `qrcode` on the server. */
  qrSvg: string;
};

/**
 * What a shop's poster shows. A shop without a short link (another provider) has no poster, and one a
 * moderator hid none either: its link leads nowhere.
 */
export async function posterOf(shop: OwnShop, webUrl: string): Promise<Poster> {
  if (!shop.short_code) throw data(MSG.shopWithIdNotFound(shop.id), { status: 404 });
  if (shop.hidden) throw data(MSG.hiddenShopKept, { status: 409 });
  const shortUrl = `${webUrl}/s/${shop.short_code}`;
  // Medium error correction survives a smudge or a crease; two white modules around it keep it apart from the photo and text.
  const qrSvg = await QRCode.toString(shortUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    shop: { id: shop.id, name: shop.name, category: shop.category, image: shop.image, image_url: shop.image_url },
    shortUrl,
    shortText: shortUrl.replace(/^https?:\/\//, ''),
    qrSvg,
  };
}
