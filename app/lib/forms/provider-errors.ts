import { isProviderError, type ProviderError } from '#app/lib/provider/errors.ts';
import { MSG } from '#rules/messages.ts';
import type { ReadyRow } from './product-forms';
import { SHOP_FORM_FIELDS } from './shop-forms';

export type FormErrors = { formErrors: string[]; fieldErrors: Record<string, string[]> };

// A proxy's error page is HTML, and a long text is a stack trace: neither is something to show a shop owner.
const SHOWABLE_TEXT = /^[^<]{1,300}$/;
const PRODUCT_FIELDS = ['name', 'price', 'image', 'photos'];

const only = (message: string): FormErrors => ({ formErrors: [message], fieldErrors: {} });

function placed(error: ProviderError, fields: readonly string[]): FormErrors | undefined {
  const errors: FormErrors = { formErrors: [], fieldErrors: {} };
  const form = error.formMessage();
  if (form) errors.formErrors.push(form);
  for (const [field, message] of Object.entries(error.fieldMessages())) {
    if (fields.includes(field)) errors.fieldErrors[field] = [message];
    else errors.formErrors.push(message);
  }
  return errors.formErrors.length || Object.keys(errors.fieldErrors).length ? errors : undefined;
}

/** docs/product.md §8 for the account forms: a 400 or 401 body on the form, a 429 says when to try again. */
export function formErrorsFrom(error: unknown, fields: readonly string[], fallback: string = MSG.networkOrUnexpected): FormErrors {
  if (isProviderError(error, 429)) return only(MSG.tooManyAttempts(error.retryAfterSeconds));
  const errors = isProviderError(error) && (error.status === 400 || error.status === 401) ? placed(error, fields) : undefined;
  return errors ?? only(fallback);
}

/** docs/product.md §8; a 401 never gets here, as `asSignedIn` has already ended the session. */
export function shopSaveErrors(error: unknown, kind: 'create' | 'update'): FormErrors {
  const failed = kind === 'create' ? MSG.createShopFailed : MSG.updateShopFailed;
  if (!isProviderError(error)) return only(failed + MSG.tryLater);
  if (error.failure === 'timeout') return only(failed + MSG.requestTimedOut);
  if (error.failure === 'network') return only(failed + MSG.networkError);
  if (error.status === 413) return only(kind === 'create' ? MSG.uploadTooLarge : MSG.uploadTooLargeShort);
  if (typeof error.body === 'string') {
    const text = error.body.trim();
    return only(SHOWABLE_TEXT.test(text) ? text : failed + MSG.tryLater);
  }
  return (error.status === 400 ? placed(error, SHOP_FORM_FIELDS) : undefined) ?? only(failed + MSG.tryLater);
}

/** What follows 'Failed to add products. ' (docs/product.md §8). */
function failureCause(error: ProviderError): string {
  if (error.failure === 'timeout') return MSG.requestTimedOut;
  if (error.failure === 'network') return MSG.networkError;
  if (error.status === 413) return MSG.uploadTooLarge;
  const said = error.status !== undefined && error.status < 500 ? error.formMessage() : undefined;
  return said && SHOWABLE_TEXT.test(said) ? said : MSG.tryLater;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!Array.isArray(value)) return undefined;
  const texts = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return texts.length ? texts.join(', ') : undefined;
}

/** The provider's `products` has one entry per row sent, blank rows left out: `rows` maps each back to its field. */
export function addProductsErrors(error: ProviderError, rows: readonly ReadyRow[]): FormErrors {
  if (error.status !== 400 || !isRecord(error.body)) return only(MSG.addProductsFailed + failureCause(error));
  const body = error.body;
  const fieldErrors: Record<string, string[]> = {};
  const said: string[] = [];
  const entries: unknown[] = Array.isArray(body.products) ? body.products : [body.products];
  entries.forEach((entry, position) => {
    const row = rows[position];
    if (!isRecord(entry)) {
      const text = textOf(entry);
      if (text) said.push(text);
      return;
    }
    for (const [field, value] of Object.entries(entry)) {
      const text = textOf(value);
      if (!text) continue;
      if (row && PRODUCT_FIELDS.includes(field)) fieldErrors[`products[${row.index}].${field}`] = [text];
      else said.push(text);
    }
  });
  for (const key of ['images', 'non_field_errors', 'detail']) {
    const text = textOf(body[key]);
    if (text && text !== MSG.fixErrors) said.push(text);
  }
  if (Object.keys(fieldErrors).length) return { formErrors: [MSG.fixErrors, ...said], fieldErrors };
  return only(MSG.addProductsFailed + (said.join(' ') || MSG.tryLater));
}

export function editProductErrors(error: ProviderError): FormErrors {
  if (error.status === 400) return formErrorsFrom(error, PRODUCT_FIELDS, MSG.tryLater);
  return only(failureCause(error));
}

export function deleteShopFailure(error: ProviderError): string {
  const said = typeof error.body === 'object' ? error.formMessage() : undefined;
  return said ?? MSG.deleteShopFailed;
}

export function paymentStartFailure(error: ProviderError): string {
  return error.formMessage() ?? (Object.values(error.fieldMessages()).join(', ') || MSG.paymentInitFailed);
}

/** The API's own 4xx passes through; anything else it did, or a lost connection, is a bad gateway. */
export function refusedStatus(error: unknown): number {
  return isProviderError(error) && error.status && error.status < 500 ? error.status : 502;
}

/** A message or order refused by the API says why in its words (a block, a hidden shop, too fast); a lost one says to send again. */
export function messageErrors(error: unknown, fields: readonly string[], fallback: string): FormErrors {
  if (!isProviderError(error) || !error.status || error.status >= 500) return only(fallback);
  const errors = placed(error, fields);
  return errors ?? only(fallback);
}
