import { z } from 'zod';

import { SHOP_ID } from '#app/lib/saved/shop-id.ts';

const shopId = z.string().trim().regex(SHOP_ID);

/**
 * A heart's post: `save` or `remove`, naming one shop (the button's name and value). `back` is where a
 * browser without JavaScript returns to; with JavaScript the heart posts without it and stays on the page.
 */
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
