import { z } from 'zod';
import type { products, StoredImage } from '#server/db/schema.ts';
import type { MediaLinks } from '#server/media/hidden-media.ts';
import { imageJson } from '#server/media/images.ts';
import type { ShopRow } from './queries';

const imageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z
    .array(z.object({ width: z.number(), url: z.string(), type: z.string() }))
    .describe('Smaller copies for srcset: image/avif and image/webp at each width (photos stored before AVIF copies existed have image/webp only).'),
  dominant_color: z
    .string()
    .nullable()
    .describe("The photo's most common colour, #rrggbb, to fill its place while it loads; null for photos stored before it was recorded."),
});

export const productJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  image_url: z.string(),
  image: imageSchema,
  shop_id: z.string(),
});

export const shopJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  category: z.string(),
  description: z.string(),
  state: z.string().nullable().describe('One of the 36 states or "Abuja (FCT)"; null when the owner named none (ext)'),
  area: z.string().nullable().describe('The area or city, as the owner typed it; null when none (ext)'),
  lowest_price: z.number().nullable().describe('The lowest price among its products, for "from ₦X"; null when it has none (ext)'),
  image_url: z.string(),
  image: imageSchema,
  owner_phone: z.string(),
  owner_status: z.string(),
  visitor_count: z.number(),
  tags: z.array(z.string()),
  is_sponsored: z.boolean(),
  sponsored_until: z.string().nullable(),
  created_at: z.string(),
  short_code: z.string().describe('ext: the short link code; the site answers `/s/{short_code}` with this shop, whatever its name becomes'),
  rating_average: z.number().describe('ext: mean of the stars, two decimals; 0 while unrated'),
  rating_count: z.number().describe('ext: how many people rated the shop'),
  rating_stars: z.array(z.number()).describe('ext: how many ratings gave 1, 2, 3, 4 and 5 stars'),
  products: z.array(productJsonSchema).optional(),
});

export type ProductJson = z.infer<typeof productJsonSchema>;
export type ShopJson = z.infer<typeof shopJsonSchema>;

const MONTH_YEAR = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

export function ownerStatus(joined: Date): string {
  return `Active seller since ${MONTH_YEAR.format(joined)}`;
}

function imageFields(image: StoredImage, links: MediaLinks) {
  const json = imageJson(image, links);
  return { image_url: json.url, image: json };
}

export function productJson(product: typeof products.$inferSelect, links: MediaLinks): ProductJson {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    ...imageFields(product.image, links),
    shop_id: product.shopId,
  };
}

export function shopJson(shop: ShopRow, links: MediaLinks, shopProducts?: (typeof products.$inferSelect)[], now = new Date()): ShopJson {
  const sponsored = shop.sponsoredUntil !== null && shop.sponsoredUntil > now;
  return {
    id: shop.id,
    name: shop.name,
    address: shop.address,
    category: shop.category,
    description: shop.description,
    state: shop.state,
    area: shop.area,
    lowest_price: shop.lowestPrice,
    ...imageFields(shop.image, links),
    owner_phone: shop.ownerPhone,
    owner_status: ownerStatus(shop.ownerJoined),
    visitor_count: shop.visitorCount,
    tags: shop.tags,
    is_sponsored: sponsored,
    sponsored_until: sponsored ? shop.sponsoredUntil!.toISOString() : null,
    created_at: shop.createdAt.toISOString(),
    short_code: shop.shortCode,
    rating_average: shop.ratingAverage,
    rating_count: shop.ratingCount,
    rating_stars: shop.ratingStars,
    ...(shopProducts ? { products: shopProducts.map((product) => productJson(product, links)) } : {}),
  };
}
