import { z } from 'zod';
import { checkImageClaims } from '#rules/images.ts';
import { CAMERA_PHOTO_MAX_BYTES, PRODUCT_PHOTOS_MAX, PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { changedProductFields, productFieldsSchema, type SavedProductFields } from '#rules/product-fields.ts';
import { newProductSchema, productChangesSchema } from '#rules/product-schemas.ts';
import { optionalPhoto, photoList } from './photo-field';

/** Blank rows are ignored, so a phone without JavaScript has room to spare. */
export const STARTING_ROWS = 3;

// Loose on purpose: a wholly blank row is skipped, so the row's rules only apply once something is in it.
const rowSchema = z.object({
  name: z.string().optional(),
  price: z.string().optional(),
  image: z.file().optional(),
});

type Row = z.infer<typeof rowSchema>;

/** `index` is the row's place in the form, so a message about it lands on it. */
export type ReadyRow = { index: number; name: string; price: number; image: File };

function isBlank(row: Row | undefined): boolean {
  return !row || (!row.name?.trim() && !row.price?.trim() && !row.image);
}

// Its limit is also the highest row a posted form may name (see form-shape.server.ts).
const rows = z.array(rowSchema.optional()).max(PRODUCTS_PER_BATCH_MAX, { error: MSG.productsTooMany }).default([]);

export const addProductsSchema = z.object({ products: rows }).transform((form, ctx) => {
  const ready: ReadyRow[] = [];
  let failed = false;
  form.products.forEach((row, index) => {
    if (!row || isBlank(row)) return;
    const checked = newProductSchema.safeParse(row);
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['products', index, ...issue.path], message: issue.message });
    }
    const imageProblem = row.image ? checkImageClaims(row.image, CAMERA_PHOTO_MAX_BYTES) : MSG.productImageRequired;
    if (imageProblem) ctx.addIssue({ code: 'custom', path: ['products', index, 'image'], message: imageProblem });
    if (checked.success && row.image && !imageProblem) ready.push({ index, ...checked.data, image: row.image });
    else failed = true;
  });
  if (failed) ctx.addIssue({ code: 'custom', path: [], message: MSG.fixErrors });
  else if (ready.length === 0) ctx.addIssue({ code: 'custom', path: [], message: MSG.productsRequired });
  return ready;
});

/** `photos`: the ones after the cover, named by their storage key. */
export type SavedProduct = { name: string; price: number; photos?: readonly { key: string }[] } & SavedProductFields;

/** The edit form's fields: name, price, cover and more photos, and the product's details (rules/product-fields.ts). */
export const editProductFieldsSchema = productChangesSchema.extend(productFieldsSchema.shape).extend({
  image: optionalPhoto(),
  // One spare, as the form reader takes one file over: one too many gets the message rather than a refusal.
  photos: photoList(PRODUCT_PHOTOS_MAX, MSG.productPhotosTooMany),
  remove_photo: z
    .array(z.string())
    .max(PRODUCT_PHOTOS_MAX - 1)
    .default([]),
});

/**
 * A blank or unchanged field keeps what is saved, so the prefilled form sent untouched is refused before it
 * travels; but a description the owner emptied is taken away. Conform reads a blank field as absent, so
 * `form` tells which it was.
 */
export function editProductSchema(saved: SavedProduct, form?: FormData) {
  const emptied = form?.get('description')?.toString().trim() === '' ? { description: null } : {};
  return editProductFieldsSchema.transform((fields, ctx) => {
    // Only photos the product holds: a stale page's tick is not worth refusing the whole form for.
    const held = saved.photos ?? [];
    const removed = fields.remove_photo.filter((key) => held.some((photo) => photo.key === key));
    if (1 + held.length - removed.length + fields.photos.length > PRODUCT_PHOTOS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['photos'], message: MSG.productPhotosTooMany });
      return z.NEVER;
    }
    const changes = {
      name: fields.name !== saved.name ? fields.name : undefined,
      price: fields.price !== saved.price ? fields.price : undefined,
      image: fields.image,
      photos: fields.photos.length ? fields.photos : undefined,
      remove_photo: removed.length ? removed : undefined,
      ...changedProductFields(saved, { ...fields, ...emptied }),
    };
    if (Object.values(changes).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: MSG.noChanges });
      return z.NEVER;
    }
    return changes;
  });
}

export type ProductChanges = z.output<ReturnType<typeof editProductSchema>>;

export const deleteProductSchema = z.object({ intent: z.literal('delete'), productId: z.string().trim().min(1) });
