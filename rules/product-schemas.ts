import { z } from 'zod';
import { TEXT_MAX } from './limits';
import { MSG } from './messages';
import { checkEditedPrice, checkNewPrice } from './price';
import { optionalText, requiredText } from './text';

const newPrice = z.union([z.string(), z.number()], { error: MSG.priceRequired }).transform((input, ctx) => {
  const check = checkNewPrice(input);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  }
  return check.value;
});

/** One row of the batch add (docs/product.md §5, add products); the image is checked beside it. */
export const newProductSchema = z.object({
  name: requiredText(MSG.productNameRequired, TEXT_MAX.productName),
  price: newPrice,
});

const editedPrice = z
  .union([z.string(), z.number()])
  .optional()
  .transform((input, ctx) => {
    const check = checkEditedPrice(input);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return check.value ?? undefined;
  });

/** Edit product: only the fields that changed are sent; blank means "not given". */
export const productChangesSchema = z.object({
  name: optionalText(TEXT_MAX.productName),
  price: editedPrice,
});

export type NewProduct = z.infer<typeof newProductSchema>;
