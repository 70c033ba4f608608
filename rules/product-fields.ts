import { z } from 'zod';
import { TEXT_MAX } from './limits';
import { MSG } from './messages';
import { clearableText } from './text';

/** A product's condition (docs/product.md §5): "Tokunbo" is what Nigerians call foreign used. */
export const PRODUCT_CONDITIONS = ['new', 'used', 'tokunbo', 'refurbished'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  used: 'Used',
  tokunbo: 'Tokunbo (foreign used)',
  refurbished: 'Refurbished',
};
/** The edit form's choice that clears a condition: a blank one keeps what is saved, like every field. */
export const CONDITION_UNSTATED = 'unstated';

type Described = {
  /** The form's label. */
  label: string;
  /** What the API's documentation says of its value in an answer. */
  about: string;
};
type TextField = Described & { kind: 'lines'; max: number };
type Choice = Described & { kind: 'condition' };
/** Yes or no; `initial` is a new product's. */
type Flag = Described & { kind: 'flag'; initial: boolean };
export type ProductField = TextField | Choice | Flag;

/**
 * A product's fields beyond its name, price and photos, in the edit form's order: the API's and the forms'
 * schemas, the fields of a product's answer and the edit rule derive from this list. The products table
 * names each column's property as the field is named here.
 */
export const PRODUCT_FIELDS = {
  description: { kind: 'lines', label: 'Description', max: TEXT_MAX.productDescription, about: 'ext: what the owner wrote of it; null when nothing' },
  condition: { kind: 'condition', label: 'Condition', about: 'ext: new, used, tokunbo (foreign used) or refurbished; null when not stated' },
  negotiable: { kind: 'flag', label: 'Price negotiable', initial: false, about: 'ext: whether the owner will discuss the price' },
  in_stock: { kind: 'flag', label: 'In stock', initial: true, about: 'ext: false while the owner has none to sell' },
} as const satisfies Record<string, ProductField>;

type Fields = typeof PRODUCT_FIELDS;
export type ProductFieldName = keyof Fields;
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELDS) as ProductFieldName[];

/** A flag as a form sends it ("true"/"false") or JSON does; absent is "not given". */
const flagField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: MSG.invalidChoice })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === true || value === 'true'));

/** One of PRODUCT_CONDITIONS, CONDITION_UNSTATED (to clear it: null), or blank for "not given". */
const conditionField = z
  .string({ error: MSG.invalidChoice })
  .optional()
  .transform((value, ctx): ProductCondition | null | undefined => {
    if (!value) return undefined;
    if (value === CONDITION_UNSTATED) return null;
    if ((PRODUCT_CONDITIONS as readonly string[]).includes(value)) return value as ProductCondition;
    ctx.addIssue({ code: 'custom', message: MSG.invalidChoice });
    return z.NEVER;
  });

type Given<F> = F extends { kind: 'flag' } ? typeof flagField : F extends { kind: 'condition' } ? typeof conditionField : ReturnType<typeof clearableText>;
type Answered<F> = F extends { kind: 'flag' }
  ? z.ZodDefault<z.ZodBoolean>
  : F extends { kind: 'condition' }
    ? z.ZodCatch<z.ZodDefault<z.ZodNullable<z.ZodEnum<{ [K in ProductCondition]: K }>>>>
    : z.ZodDefault<z.ZodNullable<z.ZodString>>;

function given(field: ProductField) {
  if (field.kind === 'flag') return flagField;
  if (field.kind === 'condition') return conditionField;
  return clearableText(field.max);
}

/** An answer may come from any provider of the contract: a field it leaves out reads as not stated. */
function answered(field: ProductField) {
  if (field.kind === 'flag') return z.boolean().default(field.initial).describe(field.about);
  // A condition this tier does not know is shown as none rather than refusing the whole product.
  if (field.kind === 'condition') return z.enum(PRODUCT_CONDITIONS).nullable().default(null).catch(null).describe(field.about);
  return z.string().nullable().default(null).describe(field.about);
}

function shapeOf<Shape>(derive: (field: ProductField) => z.ZodType): Shape {
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, derive(PRODUCT_FIELDS[name])])) as Shape;
}

/** Adding or editing a product: every one of these fields is optional, one not given keeps what is saved (or its initial value), a blank description is none. */
export const productFieldsSchema = z.object(shapeOf<{ [K in ProductFieldName]: Given<Fields[K]> }>(given));

/** The fields of a product's answer. */
export const productFieldsJson = shapeOf<{ [K in ProductFieldName]: Answered<Fields[K]> }>(answered);

export type ProductFieldChanges = z.output<typeof productFieldsSchema>;
/** A product's fields as saved: in an answer, or in the API's row. */
export type SavedProductFields = { [K in ProductFieldName]: z.output<Answered<Fields[K]>> };

/** Only the product's fields, out of a record that holds more (the API's row). */
export function savedProductFields(product: SavedProductFields): SavedProductFields {
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, product[name]])) as SavedProductFields;
}

/** What an edit changes: a field not given keeps the saved value, and one equal to it is no change. */
export function changedProductFields(saved: SavedProductFields, edits: Partial<ProductFieldChanges>): Partial<ProductFieldChanges> {
  const changes: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES) {
    const value = edits[name];
    if (value !== undefined && value !== saved[name]) changes[name] = value;
  }
  return changes as Partial<ProductFieldChanges>;
}
