import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { $ZodType } from 'zod/v4/core';
import { MSG } from '#rules/messages.ts';
import { fitsSchema } from './form-shape.server';

/**
 * `parseWithZod` for an action, on a form read within its limits (read-form.server.ts). A field or a
 * Conform intent (`__intent__`) that names a place the schema does not have is a 400 before Conform
 * reads anything: no page of ours sends one, and Conform would build whatever it names.
 */
export function parseSubmission<Schema extends $ZodType>(formData: FormData, schema: Schema) {
  if (!fitsSchema(formData, schema)) throw data(MSG.formUnreadable, { status: 400 });
  return parseWithZod(formData, { schema });
}
