import type { MetaDescriptor } from 'react-router';
import type { Translate } from './i18n/words';
import type { Shop } from './provider/contract';
import { absoluteUrl, canonical, socialTags } from './seo';

/** Previews cut descriptions near here anyway; cutting ourselves keeps whole words. */
const DESCRIPTION_MAX = 150;

/** Addresses end with the city ("…, Ikeja, Lagos"), which is what a preview should name. */
export function cityOf(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? '';
}

export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The main JPEG, since previewers skip WebP, with its size so the preview lays out at once. */
export function shopMeta(shop: Shop, webUrl: string, t: Translate): MetaDescriptor[] {
  const path = `/shop/${encodeURIComponent(shop.id)}`;
  const city = cityOf(shop.address);
  const description = shortDescription(shop.description || [shop.category, shop.address].filter(Boolean).join(' · '));
  const image = shop.image?.url ?? shop.image_url;
  return [
    { title: `${shop.name} · Kasuwa` },
    { name: 'description', content: description },
    canonical(webUrl, path),
    ...socialTags({ title: city ? `${shop.name} · ${city}` : shop.name, description, url: absoluteUrl(webUrl, path), imageUrl: image }),
    ...(image ? [{ property: 'og:image:alt', content: t('photo.of', { name: shop.name }) }] : []),
    ...(shop.image
      ? [
          { property: 'og:image:width', content: String(shop.image.width) },
          { property: 'og:image:height', content: String(shop.image.height) },
        ]
      : []),
  ];
}
