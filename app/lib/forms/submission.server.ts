import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { $ZodType } from 'zod/v4/core';

/** A posted form. A body that is not one (another content type, cut short) is a 400: no browser sends one. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data('The form could not be read. Please send it again.', { status: 400 });
  }
}

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
