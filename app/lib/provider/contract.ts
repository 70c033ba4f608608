import { z } from 'zod';
import { LANGUAGES } from '#rules/i18n/languages.ts';
import { productFieldsJson } from '#rules/product-fields.ts';
import { REVIEW_LABELS } from '#rules/rating-schemas.ts';
import { PRODUCT_SHOP_FIELDS, shopJsonSchema } from '#rules/shop-json.ts';

// Lenient on purpose: any provider that speaks docs/api.md may answer, so our extensions (its §4) are optional.

/** Our provider's images go through the site, so a phone opens no second origin and the CSP stays 'self'. */
export function siteImageUrl(url: string): string {
  // Plain keys skip URL parsing: a list page renders hundreds of them.
  const plain = PLAIN_MEDIA_URL.exec(url);
  if (plain) return plain[1]!;
  try {
    const { pathname, search } = new URL(url);
    return pathname.startsWith('/media/') ? pathname + (SIGNED_MEDIA_QUERY.test(search) ? search : '') : url;
  } catch {
    return url;
  }
}

/** A hidden shop's photo, signed for its owner or a moderator: the only query a photo's URL keeps. */
export const SIGNED_MEDIA_QUERY = /^\?until=\d{1,12}&sig=[\w-]{1,64}$/;

const PLAIN_MEDIA_URL = /^https?:\/\/[^/?#@\\]+(\/media(?:\/[\w-][\w.-]*)+)$/;

const imageUrl = z.string().transform(siteImageUrl);

const imageSchema = z.object({
  url: imageUrl,
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: imageUrl, type: z.string() })).default([]),
  // Only a plain colour reaches the page's style.
  dominant_color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .nullish()
    .catch(null),
});

export const productSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  price: z.coerce.number(),
  image_url: imageUrl.nullable().default(null),
  image: imageSchema.optional(),
  photos: z.array(z.object({ key: z.string(), image_url: imageUrl, image: imageSchema.optional() })).default([]),
  shop_id: z.coerce.string().optional(),
  ...productFieldsJson,
});

/** ext: what a product's own page shows of its shop; another provider's product comes without it. */
export const productWithShopSchema = productSchema.extend({
  shop: shopJsonSchema
    .pick(PRODUCT_SHOP_FIELDS)
    .extend({ image_url: imageUrl.nullable().default(null), image: imageSchema.optional() })
    .optional(),
});
export type ProductWithShop = z.infer<typeof productWithShopSchema>;

export const ratingSchema = z.object({
  id: z.coerce.string(),
  shop_id: z.coerce.string(),
  stars: z.number(),
  review: z.string().default(''),
  author: z.string().default(''),
  updated_at: z.string(),
  // ext: a provider without labels or answers shows every review plain.
  label: z.enum(REVIEW_LABELS).nullable().default(null).catch(null),
  answer: z.object({ body: z.string(), updated_at: z.string() }).nullable().default(null).catch(null),
});

export const shopSchema = shopJsonSchema.extend({
  image_url: imageUrl.nullable().default(null),
  image: imageSchema.optional(),
  products: z.array(productSchema).optional(),
  latest_ratings: z.array(ratingSchema).default([]),
  // ext: without it the average does not say how many ratings carry a label.
  rating_labelled_count: z.number().optional(),
});

const ratingPage = { page: z.number(), next_page: z.number().nullable() };
export const ratingListSchema = z.object({ results: z.array(ratingSchema), shop_name: z.string(), ...ratingPage });
export const myRatingListSchema = z.object({
  results: z.array(ratingSchema.extend({ shop_name: z.string(), hidden: z.boolean().default(false) })),
  ...ratingPage,
});

/** Another provider may answer a plain array rather than `{sponsored_shops, for_you}`. */
export const shopListSchema = z.union([
  z.array(shopSchema).transform((shops) => ({ sponsored_shops: [], for_you: shops, count: shops.length, next_page: null })),
  z.object({
    sponsored_shops: z.array(shopSchema).default([]),
    for_you: z.array(shopSchema).default([]),
    count: z.number().optional(),
    page: z.number().optional(),
    next_page: z.number().nullable().default(null),
  }),
]);

export const savedIdsSchema = z.object({ shop_ids: z.array(z.coerce.string()) });
export const savedShopsSchema = z.object({ results: z.array(shopSchema), next_page: z.number().nullable().default(null) });

const userSchema = z.object({
  id: z.coerce.string(),
  email: z.string(),
  username: z.string(),
  phone_number: z.string().optional(),
  // Ours alone: other providers have no moderators.
  is_moderator: z.boolean().default(false),
  // Ours alone as well: a provider without the switches mails as it always did.
  message_mail_alerts: z.boolean().default(true),
  renewal_mail_alerts: z.boolean().default(true),
  // Ours too: without it the site keeps the language the visitor's browser chose.
  language: z.enum(LANGUAGES).nullable().catch(null).default(null),
});

export const sessionSchema = z.object({
  user: userSchema,
  token: z.object({ access: z.string(), refresh: z.string().optional() }),
});

/** `hidden`: a shop a moderator hid, and why, shown to its owner. */
export const profileSchema = userSchema.extend({
  shops: z
    .array(
      shopSchema.extend({
        hidden: z.object({ at: z.string(), reason: z.string() }).nullable().default(null),
        ad_ended_at: z.string().nullable().default(null),
        // A provider without text message alerts shows every shop's as off.
        sms_alerts: z.boolean().default(false),
      }),
    )
    .default([]),
});

/** ext: the person's whole data, handed on as the provider wrote it; the web tier reads only the username. */
export const dataExportSchema = z.looseObject({ account: z.looseObject({ username: z.string() }) });

/** ext: the account's mail alerts after the person set them. */
export const mailAlertsSchema = z.object({ message_mail: z.boolean(), renewal_mail: z.boolean() });

/** ext: a shop's alerts after its owner set them. */
export const shopAlertsSchema = z.object({ sms: z.boolean() });
export const phoneCodeSentSchema = z.object({ phone_number: z.string(), expires_at: z.string() });
export const verifiedPhoneSchema = z.object({ phone_number: z.string(), verified_at: z.string() });
export const bankListSchema = z.object({ banks: z.array(z.object({ code: z.string(), name: z.string() })) });
export const bankCheckResultSchema = z.object({ bank_name: z.string(), account_last4: z.string(), matched: z.boolean(), checked_at: z.string() });

export const suggestionsSchema = z.object({
  results: z.array(z.object({ id: z.coerce.string(), name: z.string(), category: z.string().default('') })),
});

/** Our provider's product search (ext): each product with its shop's name. */
export const productSearchSchema = z.object({ results: z.array(productSchema.extend({ shop_name: z.string() })) });
export type FoundProduct = z.infer<typeof productSearchSchema>['results'][number];

export const categoriesSchema = z.object({ categories: z.array(z.object({ name: z.string(), count: z.number() })) });

export const adSchema = z.object({
  id: z.coerce.string().optional(),
  shop_id: z.coerce.string().nullable().optional(),
  reference: z.string(),
  amount: z.coerce.number(),
  currency: z.string().default('NGN'),
  status: z.string(),
  paid_at: z.string().nullable().optional(),
  starts_at: z.string().nullable().optional(),
  ends_at: z.string().nullable().optional(),
});

export const paymentStartSchema = z.object({ authorization_url: z.string(), access_code: z.string().optional(), reference: z.string().optional() });

export const paymentVerifySchema = z.object({
  reference: z.string().optional(),
  status: z.string().optional(),
  amount: z.coerce.number(),
  currency: z.string().optional(),
  date: z.string().nullable().optional(),
  shop_id: z.coerce.string().nullable().optional(),
  ad: adSchema.optional(),
});

export const messageSchema = z.object({ message: z.string().optional() });

export const reportSchema = z.object({ id: z.string() });
const moderationItem = z.object({
  kind: z.enum(['shop', 'review', 'answer', 'message']),
  shop_id: z.string(),
  rating_id: z.string().nullable(),
  message_id: z.number().nullable(),
  shop_name: z.string(),
  review: z.string().nullable(),
  answer: z.string().nullable().default(null),
  message: z.string().nullable(),
  stars: z.number().nullable(),
  author: z.string().nullable(),
  hidden_at: z.string().nullable(),
});
export const openItemsSchema = z.object({
  results: z.array(moderationItem.extend({ open_reports: z.number(), reasons: z.record(z.string(), z.number()), last_reported_at: z.string() })),
});
const reportsAndLog = z.object({
  open_reports: z.array(z.object({ reason: z.string(), details: z.string(), reporter: z.string(), created_at: z.string() })),
  actions: z.array(z.object({ action: z.string(), note: z.string(), moderator: z.string().nullable(), created_at: z.string() })),
});
export const itemDetailSchema = moderationItem.extend(reportsAndLog.shape).extend({
  hidden_reason: z.string().nullable(),
  shop: z.object({ category: z.string(), address: z.string(), description: z.string(), image_url: imageUrl }).optional(),
});
const threadSide = z.enum(['buyer', 'shop']);
/** A reported message as moderators see it: in its thread, with who sent each message around it. */
export const messageItemSchema = moderationItem.extend(reportsAndLog.shape).extend({
  message_id: z.number(),
  thread_id: z.string(),
  buyer_name: z.string(),
  from: threadSide,
  created_at: z.string(),
  context: z.array(
    z.object({
      id: z.number(),
      from: threadSide,
      sender: z.string(),
      body: z.string(),
      created_at: z.string(),
      hidden: z.boolean(),
      reported: z.boolean(),
    }),
  ),
});
/** One message of a thread as its reader's side sees it, with the thread's other side named. */
export const threadMessageSchema = z.object({
  id: z.string(),
  role: threadSide,
  other_name: z.string(),
  message: z.object({ id: z.number(), from: threadSide, mine: z.boolean(), body: z.string(), removed: z.boolean(), created_at: z.string() }),
});

export const visitsCountedSchema = z.object({ counted: z.number() });
export type SharedView = { shop: string; address: string; agent: string };

export type Shop = z.infer<typeof shopSchema>;
export type Product = z.infer<typeof productSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type OwnShop = Profile['shops'][number];
export type Rating = z.infer<typeof ratingSchema>;
export type ItemDetail = z.infer<typeof itemDetailSchema>;
export type MessageItem = z.infer<typeof messageItemSchema>;
