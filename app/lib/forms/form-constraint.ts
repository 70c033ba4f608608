import { getZodConstraint } from '@conform-to/zod/v4';
import { z } from 'zod';

type JsonField = { minLength?: number; maxLength?: number };
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** Adds the lengths `getZodConstraint` misses; no patterns, as browsers compile them with the `v` flag, which rejects some of ours. */
export function formConstraint(schema: z.ZodObject): FormConstraint {
  const constraint = getZodConstraint(schema);
  const fields = (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }).properties ?? {}) as Record<string, JsonField>;
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => {
      const { minLength, maxLength } = fields[name] ?? {};
      return [name, { ...constraint[name], ...(minLength ? { minLength } : {}), ...(maxLength ? { maxLength } : {}) }];
    }),
  );
}
