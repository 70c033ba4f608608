import { ADD_PRODUCTS_TIMEOUT_MS } from '#rules/limits.ts';

/** `answerMs`: how long the provider may stay silent (docs/decisions/046-provider-time-budgets.md). */
export type TimeBudget = { answerMs: number; totalMs: number };

export const READ_BUDGET: TimeBudget = { answerMs: 5_000, totalMs: 5_000 };
export const WRITE_BUDGET: TimeBudget = { answerMs: 10_000, totalMs: 10_000 };
/** The provider checks and resizes a photo before it answers. */
export const UPLOAD_BUDGET: TimeBudget = { answerMs: 20_000, totalMs: 60_000 };
export const ADD_PRODUCTS_BUDGET: TimeBudget = { answerMs: ADD_PRODUCTS_TIMEOUT_MS, totalMs: ADD_PRODUCTS_TIMEOUT_MS };
/** Longer than the provider's own wait for Paystack, so its words about Paystack arrive. */
export const PAYMENT_BUDGET: TimeBudget = { answerMs: 20_000, totalMs: 20_000 };
