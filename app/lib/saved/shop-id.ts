/** A shop id as links and hearts carry it: letters, digits, `_` and `-`. Anything else names no shop. */
export const SHOP_ID = /^[\w-]{1,64}$/;
