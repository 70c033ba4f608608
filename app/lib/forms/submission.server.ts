import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { $ZodType } from 'zod/v4/core';
import { MSG } from '#rules/messages.ts';
import { fitsSchema } from './form-shape.server';

/** No page of ours names a place its schema lacks, and Conform would build whatever a field names. */
export function parseSubmission<Schema extends $ZodType>(formData: FormData, schema: Schema) {
  if (!fitsSchema(formData, schema)) throw data(MSG.formUnreadable, { status: 400 });
  return parseWithZod(formData, { schema });
}
