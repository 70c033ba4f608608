import { PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { type NewProduct, newProductSchema } from '#rules/product-schemas.ts';
import type { StoredImage } from '#server/db/schema.ts';
import type { StoredOrRejected } from '#server/media/upload-batch.ts';
import { fieldIssues } from '#server/validation.ts';

/** `products[0][image]`, the alternative form of docs/api.md §3. */
const ROW_FIELD = /^products\[(\d+)\]\[(\w+)\]$/;

export function rowField(name: string): { index: number; key: string } | null {
  const match = ROW_FIELD.exec(name);
  if (!match) return null;
  const index = Number(match[1]);
  return index < PRODUCTS_PER_BATCH_MAX ? { index, key: match[2]! } : null;
}

type RawRow = { name?: unknown; price?: unknown };
export type BatchErrors = { products?: unknown[] | string[]; images?: string[]; non_field_errors?: string[] };
export type ValidBatch = { rows: (NewProduct & { image: StoredImage })[] };

/** The rows as sent: a JSON list in `products`, or indexed fields. */
function rawRows(fields: Record<string, string>): RawRow[] | string {
  if (fields.products !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.products);
    } catch {
      return MSG.productsMalformed;
    }
    if (!Array.isArray(parsed) || parsed.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
      return MSG.productsMalformed;
    }
    return parsed as RawRow[];
  }
  const rows: RawRow[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const field = rowField(name);
    if (field && (field.key === 'name' || field.key === 'price')) (rows[field.index] ??= {})[field.key] = value;
  }
  return Array.from(rows, (row) => row ?? {});
}

/** All or nothing, each row against docs/product.md §5; errors name the row, as docs/api.md §3 asks. */
export function checkBatch(fields: Record<string, string>, images: (StoredOrRejected | undefined)[], unplacedImages: number): ValidBatch | BatchErrors {
  const rows = rawRows(fields);
  if (typeof rows === 'string') return { products: [rows] };
  if (!rows.length) return { products: [MSG.productsRequired] };
  if (rows.length > PRODUCTS_PER_BATCH_MAX) return { products: [MSG.productsTooMany] };

  let failed = false;
  const valid: ValidBatch['rows'] = [];
  const rowErrors = rows.map((row, index) => {
    const parsed = newProductSchema.safeParse(row);
    const errors: Record<string, string[]> = parsed.success ? {} : fieldIssues(parsed.error);
    const image = images[index];
    if (!image) errors.image = [MSG.productImageRequired];
    else if ('rejected' in image) errors.image = [image.rejected];
    if (Object.keys(errors).length || !parsed.success || !image || 'rejected' in image) {
      failed = true;
      return errors;
    }
    valid.push({ ...parsed.data, image: image.image });
    return {};
  });
  if (unplacedImages > 0 || images.length > rows.length) return { products: rowErrors, images: [MSG.imagesCountMismatch] };
  return failed ? { products: rowErrors, non_field_errors: [MSG.fixErrors] } : { rows: valid };
}
