import { z } from 'zod';
import { AD_STATUSES } from '#server/db/schema.ts';
import type { AdRow } from './activate-ad';

export const adJsonSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(AD_STATUSES),
  paid_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});

export type AdJson = z.infer<typeof adJsonSchema>;

export function adJson(ad: AdRow): AdJson {
  return {
    id: ad.id,
    shop_id: ad.shopId,
    reference: ad.reference,
    amount: ad.amount,
    currency: ad.currency,
    status: ad.status,
    paid_at: ad.paidAt?.toISOString() ?? null,
    starts_at: ad.startsAt?.toISOString() ?? null,
    ends_at: ad.endsAt?.toISOString() ?? null,
  };
}
