import { parseWithZod } from '@conform-to/zod/v4';
import type { $ZodType } from 'zod/v4/core';

// Conform's own fields: its list buttons (`__intent__`) and state. It throws on any it cannot read.
const CONFORM_CONTROLS = new Set(['__intent__', '__state__']);

/**
 * `parseWithZod` for an action. A tampered `__intent__` or `__state__` (not JSON, a file, a list
 * intent on a field that is no list) makes Conform throw; such a form is read without them, as the
 * plain submission a browser without JavaScript sends, instead of failing with a 500.
 */
export function parseSubmission<Schema extends $ZodType>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    const plain = new FormData();
    for (const [name, value] of formData) if (!CONFORM_CONTROLS.has(name)) plain.append(name, value);
    return parseWithZod(plain, { schema });
  }
}
