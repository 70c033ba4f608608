import { getZodConstraint } from '@conform-to/zod/v4';
import { z } from 'zod';

type JsonField = { minLength?: number; maxLength?: number };
type Constraints = ReturnType<typeof getZodConstraint>;

/**
 * `getZodConstraint` plus the lengths it misses (it reads a zod field zod no longer fills), so a phone without
 * JavaScript checks them itself. No patterns: browsers compile them with the `v` flag, which rejects some of ours.
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
