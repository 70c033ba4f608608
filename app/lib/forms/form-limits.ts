import { IMAGE_MAX_BYTES, PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';

/**
 * What one posted form may hold, checked as it arrives and before anything parses its names: the body,
 * framing included; its text fields, by number and by bytes (names and values) in all; and its photos,
 * by number, each kept up to `eachMaxBytes` (a larger one is read past, see OversizedFile). A form
 * without `files` keeps none.
 */
export type FormLimits = {
  maxBytes: number;
  fields: number;
  textMaxBytes: number;
  files?: { count: number; eachMaxBytes: number };
};

/** Far longer than any name our forms use (`products[19].image`), far shorter than one worth parsing. */
export const FIELD_NAME_MAX_BYTES = 100;

/** A form of a few short fields: the account forms, logout, the delete dialogs. */
export const SHORT_FORM: FormLimits = { maxBytes: 16 * 1024, fields: 8, textMaxBytes: 16 * 1024 };

/**
 * How much of a one-photo form (a shop, a product edit) is read before it is refused. Far above SPEC's
 * 5 MB on purpose: a photo over that is read past with none of it kept, so a person without JavaScript
 * hears 'File size must not exceed 5MB.' with what they typed still in the form. The largest photos
 * phone cameras take fit; nobody on a phone sends more.
 */
const ONE_PHOTO_FORM_MAX_BYTES = 64 * 1024 * 1024;

/** A shop's photo up to SPEC's limit, and texts far longer than the longest allowed. */
export const SHOP_FORM: FormLimits = {
  maxBytes: ONE_PHOTO_FORM_MAX_BYTES,
  fields: 16,
  textMaxBytes: 64 * 1024,
  files: { count: 1, eachMaxBytes: IMAGE_MAX_BYTES },
};

// Multipart framing and the texts of a full batch fit in far less than this.
const PRODUCT_TEXT_MAX_BYTES = 256 * 1024;

export const EDIT_PRODUCT_FORM: FormLimits = {
  maxBytes: ONE_PHOTO_FORM_MAX_BYTES,
  fields: 16,
  textMaxBytes: PRODUCT_TEXT_MAX_BYTES,
  files: { count: 1, eachMaxBytes: IMAGE_MAX_BYTES },
};

/**
 * The largest request an honest batch makes (20 photos at the limit, a name and a price per row, and a
 * list button); anything bigger is refused unread. Within it, a photo over SPEC's 5 MB is read past
 * (none of it kept) and its row says so.
 */
export const ADD_PRODUCTS_FORM: FormLimits = {
  maxBytes: PRODUCTS_PER_BATCH_MAX * IMAGE_MAX_BYTES + PRODUCT_TEXT_MAX_BYTES,
  fields: PRODUCTS_PER_BATCH_MAX * 2 + 8,
  textMaxBytes: PRODUCT_TEXT_MAX_BYTES,
  files: { count: PRODUCTS_PER_BATCH_MAX, eachMaxBytes: IMAGE_MAX_BYTES },
};

/** No form takes a larger body: the web server refuses one that says it is larger before reading it. */
export const LARGEST_FORM_BYTES = Math.max(SHORT_FORM.maxBytes, SHOP_FORM.maxBytes, EDIT_PRODUCT_FORM.maxBytes, ADD_PRODUCTS_FORM.maxBytes);

/**
 * Past this, the rest of a body not wanted is not worth reading to its end so that the browser gets our
 * page: the connection is dropped instead. Nobody on a phone sends that much.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
