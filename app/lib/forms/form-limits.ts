import { CAMERA_PHOTO_MAX_BYTES, IMAGE_MAX_BYTES, PRODUCT_PHOTOS_MAX, PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';

/** Checked as a form arrives, before any name is parsed; a photo over `eachMaxBytes` is read past, not kept. */
export type FormLimits = {
  maxBytes: number;
  fields: number;
  textMaxBytes: number;
  files?: { count: number; eachMaxBytes: number };
};

/** Far longer than any name our forms use (`products[19].image`), far shorter than one worth parsing. */
export const FIELD_NAME_MAX_BYTES = 100;

export const SHORT_FORM: FormLimits = { maxBytes: 16 * 1024, fields: 8, textMaxBytes: 16 * 1024 };

/** Far above the photo limit, so a larger photo gets its message with the typed text kept rather than a 413. */
const ONE_PHOTO_FORM_MAX_BYTES = 64 * 1024 * 1024;

export const SHOP_FORM: FormLimits = {
  maxBytes: ONE_PHOTO_FORM_MAX_BYTES,
  fields: 16,
  textMaxBytes: 64 * 1024,
  files: { count: 1, eachMaxBytes: CAMERA_PHOTO_MAX_BYTES },
};

const PRODUCT_TEXT_MAX_BYTES = 256 * 1024;

/** A cover and every photo more at the camera limit; one file over the most a product holds, so too many is said. */
export const EDIT_PRODUCT_FORM: FormLimits = {
  maxBytes: (PRODUCT_PHOTOS_MAX - 1) * CAMERA_PHOTO_MAX_BYTES + ONE_PHOTO_FORM_MAX_BYTES,
  fields: 16 + PRODUCT_PHOTOS_MAX,
  textMaxBytes: PRODUCT_TEXT_MAX_BYTES,
  files: { count: PRODUCT_PHOTOS_MAX + 1, eachMaxBytes: CAMERA_PHOTO_MAX_BYTES },
};

/** The largest honest batch; anything bigger is refused unread. Camera photos fit too, if fewer of them. */
export const ADD_PRODUCTS_FORM: FormLimits = {
  maxBytes: PRODUCTS_PER_BATCH_MAX * IMAGE_MAX_BYTES + PRODUCT_TEXT_MAX_BYTES,
  fields: PRODUCTS_PER_BATCH_MAX * 2 + 8,
  textMaxBytes: PRODUCT_TEXT_MAX_BYTES,
  files: { count: PRODUCTS_PER_BATCH_MAX, eachMaxBytes: CAMERA_PHOTO_MAX_BYTES },
};

/** The products an order page lists to choose from; the request itself takes at most ORDER_LINES_MAX of them. */
export const ORDER_PAGE_PRODUCTS_MAX = 60;

/** Every product an order page lists, its id and quantity, and a note. */
export const ORDER_FORM: FormLimits = { maxBytes: 64 * 1024, fields: 2 * ORDER_PAGE_PRODUCTS_MAX + 8, textMaxBytes: 64 * 1024 };

/** No form takes a larger body: the web server refuses one that says it is larger before reading it. */
export const LARGEST_FORM_BYTES = Math.max(SHORT_FORM.maxBytes, SHOP_FORM.maxBytes, EDIT_PRODUCT_FORM.maxBytes, ADD_PRODUCTS_FORM.maxBytes);

/** Past this, a refused body is not worth draining for the browser to read our page: the connection drops. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
