import { getZodConstraint } from '@conform-to/zod/v4';
import { z } from 'zod';

type JsonField = { minLength?: number; maxLength?: number };
type Constraints = ReturnType<typeof getZodConstraint>;

/**
 * `getZodConstraint`, plus the lengths it misses: Conform 1.21 reads them from zod's `_zod.bag`, which
 * zod 4.6 no longer fills, so `minLength` and `maxLength` would silently drop out of the HTML and a phone
 * without JavaScript would send a 2-letter username across the network only to have it refused.
 * Patterns stay out on purpose: browsers compile them with the `v` flag, which rejects some of our rules.
 */
export function formConstraint(schema: z.ZodObject): Constraints {
  const constraint = getZodConstraint(schema);
  const fields = (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }).properties ?? {}) as Record<string, JsonField>;
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => {
      const { minLength, maxLength } = fields[name] ?? {};
      return [name, { ...constraint[name], ...(minLength ? { minLength } : {}), ...(maxLength ? { maxLength } : {}) }];
    }),
  );
}
