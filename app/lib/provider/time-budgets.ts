import { ADD_PRODUCTS_TIMEOUT_MS } from '#rules/limits.ts';

/**
 * How long the web tier waits for the provider before the visitor hears "Request timed out" (or SPEC's
 * words for the page), per kind of call. `answerMs` is how long the provider may stay silent: before its
 * answer once the request is sent, between pieces of it, or while it takes none of the request's body;
 * `totalMs` bounds the whole call. A visitor's photos are read in full before the call starts, so a slow
 * phone's upload spends none of this.
 */
export type TimeBudget = { answerMs: number; totalMs: number };

/** A person waiting on a phone for a page: an answer later than this is no use to them. */
export const READ_BUDGET: TimeBudget = { answerMs: 5_000, totalMs: 5_000 };
/** Sign-in, sign-up, saving a rating or a shop: a password hash or a few rows. */
export const WRITE_BUDGET: TimeBudget = { answerMs: 10_000, totalMs: 10_000 };
/** A shop's or product's photo: the provider checks and resizes it before it answers; sending it on may take longer. */
export const UPLOAD_BUDGET: TimeBudget = { answerMs: 20_000, totalMs: 60_000 };
/** SPEC §9's limit for a batch of products with their photos. */
export const ADD_PRODUCTS_BUDGET: TimeBudget = { answerMs: ADD_PRODUCTS_TIMEOUT_MS, totalMs: ADD_PRODUCTS_TIMEOUT_MS };
/** Starting or checking a payment: longer than the provider's own wait for Paystack, so its words about Paystack arrive. */
export const PAYMENT_BUDGET: TimeBudget = { answerMs: 20_000, totalMs: 20_000 };
