import { z } from 'zod';
import { PRODUCT_PHOTOS_MAX } from '#rules/limits.ts';
import { productFieldsJson, savedProductFields } from '#rules/product-fields.ts';
import { savedShopFields } from '#rules/shop-fields.ts';
import { PRODUCT_SHOP_FIELDS, shopJsonSchema } from '#rules/shop-json.ts';
import { stallVisitShown } from '#rules/stall-visit.ts';
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

const photoSchema = z.object({
  key: z.string().describe('Names the photo for `remove_photo` when editing the product'),
  image_url: z.string(),
  image: imageSchema,
});

export const productJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  image_url: z.string(),
  image: imageSchema,
  photos: z.array(photoSchema).describe(`ext: the photos after the cover (\`image\`), in order; at most ${PRODUCT_PHOTOS_MAX - 1}`),
  shop_id: z.string(),
  ...productFieldsJson,
});

/** Our shop answer: the shape both tiers share, with its photos as this API links them. */
export const shopAnswerSchema = shopJsonSchema.extend({
  image_url: z.string(),
  image: imageSchema,
  products: z.array(productJsonSchema).optional(),
});

/** ext: just what a product's own page shows of its shop. */
export const productShopSchema = shopAnswerSchema
  .pick({ ...PRODUCT_SHOP_FIELDS, image_url: true, image: true })
  .describe("ext: the product's shop, as its page shows it");

export type ProductJson = z.infer<typeof productJsonSchema>;
export type ShopAnswer = z.infer<typeof shopAnswerSchema>;

const MONTH_YEAR = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

function ownerStatus(joined: Date): string {
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
    photos: product.photos.map((photo) => ({ key: photo.key, ...imageFields(photo, links) })),
    shop_id: product.shopId,
    ...savedProductFields(product),
  };
}

export function productShopJson(shop: ShopRow, links: MediaLinks, now = new Date()): z.infer<typeof productShopSchema> {
  return productShopSchema.parse(shopJson(shop, links, undefined, now));
}

export function shopJson(shop: ShopRow, links: MediaLinks, shopProducts?: (typeof products.$inferSelect)[], now = new Date()): ShopAnswer {
  const sponsored = shop.sponsoredUntil !== null && shop.sponsoredUntil > now;
  return {
    id: shop.id,
    ...savedShopFields(shop),
    lowest_price: shop.lowestPrice,
    ...imageFields(shop.image, links),
    // The number every client calls: the shop's own when it has one, so the sign-up number can stay private.
    owner_phone: shop.phone ?? shop.ownerPhone,
    owner_status: ownerStatus(shop.ownerJoined),
    visitor_count: shop.visitorCount,
    is_sponsored: sponsored,
    sponsored_until: sponsored ? shop.sponsoredUntil!.toISOString() : null,
    created_at: shop.createdAt.toISOString(),
    short_code: shop.shortCode,
    rating_average: shop.ratingAverage,
    rating_count: shop.ratingCount,
    rating_stars: shop.ratingStars,
    phone_verified: shop.phoneVerified,
    stall_visited_at: stallVisitShown(shop.stallVisitedAt, now)?.toISOString() ?? null,
    bank_match: shop.bankMatch && {
      bank_name: shop.bankMatch.bankName,
      account_last4: shop.bankMatch.accountLast4,
      account_name: shop.bankMatch.accountName,
      matched_at: shop.bankMatch.matchedAt,
    },
    ...(shopProducts ? { products: shopProducts.map((product) => productJson(product, links)) } : {}),
  };
}
