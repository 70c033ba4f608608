import { z } from 'zod';
import { TAGS_MAX, TEXT_MAX } from './limits';
import { MSG } from './messages';
import { isNigerianState } from './states';
import { isPrintableText, optionalText, requiredText } from './text';

/** `tags` travels as one comma-separated field; blank pieces are dropped and duplicates merged. */
export const tagsField = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (!isPrintableText(raw)) {
      ctx.addIssue({ code: 'custom', message: MSG.controlCharacters });
      return z.NEVER;
    }
    const tags = [
      ...new Set(
        raw
          .split(',')
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (tags.length > TAGS_MAX) ctx.addIssue({ code: 'custom', message: MSG.tooManyTags });
    if (tags.some((tag) => tag.length > TEXT_MAX.tag)) ctx.addIssue({ code: 'custom', message: MSG.tooLong(TEXT_MAX.tag) });
    return tags;
  });

/** One of NIGERIAN_STATES, or nothing: the place is optional (a select whose first choice is blank). */
export const stateField = z
  .string({ error: MSG.notAString })
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value): boolean => value === undefined || isNigerianState(value), { error: MSG.unknownState });

export const shopFieldsSchema = z.object({
  name: requiredText(MSG.shopNameRequired, TEXT_MAX.shopName),
  address: requiredText(MSG.shopAddressRequired, TEXT_MAX.shopAddress),
  category: requiredText(MSG.shopCategoryRequired, TEXT_MAX.shopCategory),
  description: requiredText(MSG.shopDescriptionRequired, TEXT_MAX.shopDescription),
  state: stateField,
  area: optionalText(TEXT_MAX.shopArea),
  tags: tagsField,
});

/** Edit shop: nothing is required (SPEC §5); a blank field keeps the saved value. */
export const shopChangesSchema = z.object({
  name: optionalText(TEXT_MAX.shopName),
  address: optionalText(TEXT_MAX.shopAddress),
  category: optionalText(TEXT_MAX.shopCategory),
  description: optionalText(TEXT_MAX.shopDescription),
  state: stateField,
  area: optionalText(TEXT_MAX.shopArea),
  tags: tagsField,
});

export type ShopFields = z.infer<typeof shopFieldsSchema>;
export type ShopChanges = z.infer<typeof shopChangesSchema>;
