import { z } from 'zod';
import { SHOP_CATEGORIES } from './categories';
import { TAGS_MAX, TEXT_MAX } from './limits';
import { MSG } from './messages';
import { isNigerianPhone, normalisePhone } from './phone';
import { isNigerianState } from './states';
import { clearableText, isPrintableText, optionalText, requiredText, typedText } from './text';

/** `tags` travels as one comma-separated field; blank pieces are dropped and duplicates merged. */
const tagsField = z
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

const PHONE_MAX = 32;

/** A Nigerian mobile number, kept as +234 and 10 digits, or nothing (`blank`). */
function phoneChoice<Blank extends null | undefined>(blank: Blank) {
  return typedText()
    .max(PHONE_MAX, { error: MSG.phoneInvalid })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || blank))
    .refine((value): boolean => value == null || isNigerianPhone(value), { error: MSG.phoneInvalid })
    .transform((value) => (value ? normalisePhone(value) : value));
}

/** One of NIGERIAN_STATES, or nothing: the place is optional (a select whose first choice is blank, read as `blank`). */
function stateChoice<Blank extends null | undefined>(blank: Blank) {
  return z
    .string({ error: MSG.notAString })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || blank))
    .refine((value): boolean => value == null || isNigerianState(value), { error: MSG.unknownState });
}

export const stateField = stateChoice(undefined);
/** On Edit Shop, the blank choice takes the state away, and an emptied number the shop's own number. */
const clearedState = stateChoice(null);
const clearedPhone = phoneChoice(null);

type Described = {
  /** The form's label; the form adds "(optional)" to a field Create Shop does not require. */
  label: string;
  /** Shown under the label: an example, or how to type it. */
  hint?: string;
  /** The browser's autofill token for it. */
  autoComplete?: string;
  /** What the API's documentation says of its value in an answer. */
  about?: string;
};

/**
 * Text on one line, or over several (`lines`); `required` is Create Shop's message when it is left blank;
 * `suggested` the choices offered as the owner types.
 */
type TextField = Described & { kind: 'line' | 'lines'; max: number; required?: string; suggested?: readonly string[] };
/** One of NIGERIAN_STATES, or none. */
type StateChoice = Described & { kind: 'state' };
/** A Nigerian mobile number, or none. */
type PhoneChoice = Described & { kind: 'phone' };
/** Words typed comma-separated, kept as a list. */
type Tags = Described & { kind: 'tags' };
export type ShopField = TextField | StateChoice | PhoneChoice | Tags;

/**
 * The fields an owner fills in for a shop, in the form's order: the API's and the forms' schemas, the
 * fields of a shop's answer, the form and the edit rule all derive from this list. The photo has its own
 * rules (images.ts). The shops table names each column's property as the field is named here.
 */
export const SHOP_FIELDS = {
  name: { kind: 'line', label: 'Shop name', autoComplete: 'organization', max: TEXT_MAX.shopName, required: MSG.shopNameRequired },
  address: { kind: 'line', label: 'Address', autoComplete: 'street-address', max: TEXT_MAX.shopAddress, required: MSG.shopAddressRequired },
  area: {
    kind: 'line',
    label: 'Area or city',
    hint: 'For example: Yaba, or Wuse 2',
    autoComplete: 'address-level2',
    max: TEXT_MAX.shopArea,
    about: 'The area or city, as the owner typed it; null when none (ext)',
  },
  state: { kind: 'state', label: 'State', about: 'One of the 36 states or "Abuja (FCT)"; null when the owner named none (ext)' },
  phone: {
    kind: 'phone',
    label: 'Phone for buyers',
    hint: 'For the Call button, e.g. 0803 123 4567. Empty: the number you signed up with',
    autoComplete: 'tel',
    about: "The shop's own number for Call, as +234…; null when it uses the owner's, which owner_phone then holds (ext)",
  },
  whatsapp: {
    kind: 'phone',
    label: 'WhatsApp number',
    hint: 'Empty: the phone for buyers',
    autoComplete: 'tel',
    about: "The shop's WhatsApp number, as +234…; null when it is the number for Call (ext)",
  },
  category: {
    kind: 'line',
    label: 'Category',
    hint: 'Choose one from the list, or type your own',
    suggested: SHOP_CATEGORIES,
    max: TEXT_MAX.shopCategory,
    required: MSG.shopCategoryRequired,
  },
  description: { kind: 'lines', label: 'Description', max: TEXT_MAX.shopDescription, required: MSG.shopDescriptionRequired },
  tags: { kind: 'tags', label: 'Tags', hint: 'Words people might search for, separated by commas' },
} as const satisfies Record<string, ShopField>;

type Fields = typeof SHOP_FIELDS;
export type ShopFieldName = keyof Fields;
export const SHOP_FIELD_NAMES = Object.keys(SHOP_FIELDS) as ShopFieldName[];

const isText = (field: ShopField): field is TextField => field.kind === 'line' || field.kind === 'lines';

/** Create Shop's message for a field it requires; undefined for an optional one. */
export const requiredMessage = (field: ShopField): string | undefined => (isText(field) ? field.required : undefined);

type Edited<F> = F extends { kind: 'tags' }
  ? typeof tagsField
  : F extends { kind: 'state' }
    ? typeof clearedState
    : F extends { kind: 'phone' }
      ? typeof clearedPhone
      : F extends { required: string }
        ? ReturnType<typeof optionalText>
        : ReturnType<typeof clearableText>;
type Created<F> = F extends { required: string } ? ReturnType<typeof requiredText> : Edited<F>;
type Answered<F> = F extends { kind: 'tags' }
  ? z.ZodDefault<z.ZodArray<z.ZodString>>
  : F extends { required: string }
    ? z.ZodDefault<z.ZodString>
    : z.ZodDefault<z.ZodNullable<z.ZodString>>;

function edited(field: ShopField) {
  if (field.kind === 'tags') return tagsField;
  if (field.kind === 'state') return clearedState;
  if (field.kind === 'phone') return clearedPhone;
  return field.required ? optionalText(field.max) : clearableText(field.max);
}

function created(field: ShopField) {
  return isText(field) && field.required ? requiredText(field.required, field.max) : edited(field);
}

/** An answer may come from any provider of the contract: a field it leaves out reads as empty. */
function answered(field: ShopField) {
  const value = field.kind === 'tags' ? z.array(z.string()).default([]) : requiredMessage(field) ? z.string().default('') : z.string().nullable().default(null);
  return field.about ? value.describe(field.about) : value;
}

/** Each field's schema as `derive` makes it, under the field's name. */
function shapeOf<Shape>(derive: (field: ShopField) => z.ZodType): Shape {
  return Object.fromEntries(SHOP_FIELD_NAMES.map((name) => [name, derive(SHOP_FIELDS[name])])) as Shape;
}

/** Create Shop (docs/product.md §5): the required fields with their own messages; every text trimmed and within its length. */
export const shopFieldsSchema = z.object(shapeOf<{ [K in ShopFieldName]: Created<Fields[K]> }>(created));

/** Edit Shop: nothing is required (docs/product.md §5); a blank field keeps the saved value, but an optional one is emptied. */
export const shopChangesSchema = z.object(shapeOf<{ [K in ShopFieldName]: Edited<Fields[K]> }>(edited));

/** The fields of a shop's answer (shop-json.ts holds the rest). */
export const shopFieldsJson = shapeOf<{ [K in ShopFieldName]: Answered<Fields[K]> }>(answered);

export type ShopChanges = z.infer<typeof shopChangesSchema>;
/** A shop's fields as saved: in an answer, or in the API's row; null for an optional field left empty. */
export type SavedShopFields = { [K in ShopFieldName]: z.output<Answered<Fields[K]>> };

/** Only the shop's fields, out of a record that holds more (the API's row). */
export function savedShopFields(shop: SavedShopFields): SavedShopFields {
  return Object.fromEntries(SHOP_FIELD_NAMES.map((name) => [name, shop[name]])) as SavedShopFields;
}

/** The fields Create Shop does not require, which an edit may empty. */
export const CLEARABLE_SHOP_FIELDS = SHOP_FIELD_NAMES.filter((name) => !requiredMessage(SHOP_FIELDS[name]));

/**
 * What an edit changes (docs/product.md §5): a required field left blank keeps the saved value, and one equal
 * to it is no change. Both tiers add the photo, which always is one; nothing changed means 'No changes detected'.
 */
export function changedShopFields(saved: SavedShopFields, edits: Partial<ShopChanges>): Partial<ShopChanges> {
  const changes: Record<string, unknown> = {};
  for (const name of SHOP_FIELD_NAMES) {
    const value = edits[name];
    if (value !== undefined && !sameValue(value, saved[name])) changes[name] = value;
  }
  return changes as Partial<ShopChanges>;
}

// Tags are compared as they travel, comma-separated: the same words in the same order are no change.
const sameValue = (edited: string | string[] | null, saved: string | string[] | null) =>
  Array.isArray(edited) && Array.isArray(saved) ? edited.join(',') === saved.join(',') : edited === saved;
