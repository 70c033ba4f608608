import type { MessageKey } from '#rules/i18n/keys.ts';
import type { ProductCondition } from '#rules/product-fields.ts';

/** How each condition is said: the product page and the edit form name them alike. */
export const CONDITION_WORDS: { [Condition in ProductCondition]: MessageKey } = {
  new: 'condition.new',
  used: 'condition.used',
  tokunbo: 'condition.tokunbo',
  refurbished: 'condition.refurbished',
};
