import type { MetaDescriptor } from 'react-router';
import { priceInNaira } from '#rules/naira.ts';
import type { ProductCondition } from '#rules/product-fields.ts';
import type { Translate } from './i18n/words';
import { placeOf } from './place';
import type { ProductWithShop } from './provider/contract';
import { absoluteUrl, canonical, resolveAgainst, socialTags } from './seo';
import { shortDescription } from './shop-meta';

/** schema.org's names; Tokunbo is foreign used, so used. */
const ITEM_CONDITION: Record<ProductCondition, string> = {
  new: 'https://schema.org/NewCondition',
  used: 'https://schema.org/UsedCondition',
  tokunbo: 'https://schema.org/UsedCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
};

/** What the description's ICU `select` reads as "no shop" or "no place". */
const NONE = 'none';

/** Title, description, canonical, Open Graph and schema.org/Product; React Router escapes the JSON-LD for a <script>. */
export function productMeta(product: ProductWithShop, webUrl: string, t: Translate): MetaDescriptor[] {
  const url = absoluteUrl(webUrl, `/product/${encodeURIComponent(product.id)}`);
  const price = priceInNaira(product.price);
  const shop = product.shop;
  const place = shop ? placeOf(shop) : '';
  const description = shortDescription(
    product.description || t('product.metaDescription', { name: product.name, price, shop: shop?.name ?? NONE, place: place || NONE }),
  );
  const imagePath = product.image?.url ?? product.image_url;
  const image = imagePath ? resolveAgainst(imagePath, url) : undefined;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(image ? { image } : {}),
    description,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'NGN',
      availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(product.condition ? { itemCondition: ITEM_CONDITION[product.condition] } : {}),
      ...(shop ? { seller: { '@type': 'Organization', name: shop.name } } : {}),
    },
  };
  return [
    { title: `${[product.name, price, shop?.name].filter(Boolean).join(' – ')} | Kasuwa` },
    { name: 'description', content: description },
    canonical(webUrl, `/product/${encodeURIComponent(product.id)}`),
    ...socialTags({
      title: shop ? `${product.name} – ${price} · ${shop.name}` : `${product.name} – ${price}`,
      description,
      url,
      imageUrl: image,
      type: 'product',
    }),
    ...(image ? [{ property: 'og:image:alt', content: t('photo.of', { name: product.name }) }] : []),
    ...(product.image
      ? [
          { property: 'og:image:width', content: String(product.image.width) },
          { property: 'og:image:height', content: String(product.image.height) },
        ]
      : []),
    { 'script:ld+json': jsonLd },
  ];
}
