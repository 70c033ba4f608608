import { z } from 'zod';

import { SHOP_ID } from '#app/lib/saved/shop-id.ts';

const shopId = z.string().trim().regex(SHOP_ID);

/** `back`: where a browser without JavaScript returns to. */
export const savedFormSchema = z
  .object({ save: shopId.optional(), remove: shopId.optional(), back: z.string().max(2000).optional() })
  .transform(({ save, remove, back }, context) => {
    const shop = save ?? remove;
    if (shop === undefined || (save !== undefined && remove !== undefined)) {
      context.addIssue({ code: 'custom', message: 'Either save or remove one shop.' });
      return z.NEVER;
    }
    return { shop, save: save !== undefined, back };
  });
