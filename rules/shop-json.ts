import { z } from 'zod';
import { shopFieldsJson } from './shop-fields';

/**
 * A shop's answer, but for its photos, which each tier links its own way: our API writes and documents its
 * answers with it, and the web tier reads any provider's with it. So it is as lenient as that reading must
 * be: what a provider of the contract may leave out (our extensions, marked ext) reads as empty or unrated.
 */
export const shopJsonSchema = z.object({
  id: z.coerce.string(),
  ...shopFieldsJson,
  // Without a name a shop cannot be listed or shown: an answer that lacks one is refused.
  name: z.string(),
  lowest_price: z.number().nullable().default(null).describe('The lowest price among its products, for "from ₦X"; null when it has none (ext)'),
  owner_phone: z.string().nullable().default(null),
  owner_status: z.string().nullable().default(null),
  visitor_count: z.number().default(0),
  is_sponsored: z.boolean().optional(),
  sponsored_until: z.string().nullable().optional(),
  created_at: z.string().optional(),
  // Without a short link code no short link or poster is offered.
  short_code: z
    .string()
    .nullable()
    .default(null)
    .describe('ext: the short link code; the site answers `/s/{short_code}` with this shop, whatever its name becomes'),
  // A provider without ratings shows every shop unrated.
  rating_average: z.number().default(0).describe('ext: mean of the stars, two decimals; 0 while unrated'),
  rating_count: z.number().default(0).describe('ext: how many people rated the shop'),
  rating_stars: z.array(z.number()).length(5).default([0, 0, 0, 0, 0]).catch([0, 0, 0, 0, 0]).describe('ext: how many ratings gave 1, 2, 3, 4 and 5 stars'),
  // A provider without the check shows no shop as checked.
  phone_verified: z.boolean().default(false).describe("ext: whether the number buyers call (`owner_phone`) is one the shop's owner proved with a texted code"),
  stall_visited_at: z
    .string()
    .nullable()
    .default(null)
    .describe("ext: when a moderator last recorded a visit to the shop's stall, within the last year; else null"),
  bank_match: z
    .object({ bank_name: z.string(), account_last4: z.string(), account_name: z.string(), matched_at: z.string() })
    .nullable()
    .default(null)
    .catch(null)
    .describe("ext: the owner's bank account whose name matched the name they gave: its bank, last 4 digits and that name; else null"),
});

/** ext: what a product's own page shows of its shop, beside its photo; both tiers pick these. */
export const PRODUCT_SHOP_FIELDS = {
  id: true,
  name: true,
  area: true,
  state: true,
  rating_average: true,
  rating_count: true,
  is_sponsored: true,
  owner_phone: true,
  whatsapp: true,
  short_code: true,
  phone_verified: true,
  stall_visited_at: true,
  bank_match: true,
} as const;
