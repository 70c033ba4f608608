import { z } from 'zod';

/**
 * The heart's form: save or remove one shop. `back` is where a browser without JavaScript returns to;
 * with JavaScript the heart posts without it and stays on the page.
 */
export const savedFormSchema = z.object({
  shop: z.string().trim().min(1).max(64),
  intent: z.enum(['save', 'remove']),
  back: z.string().max(2000).optional(),
});
