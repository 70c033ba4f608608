export const SHOP_ID = /^[\w-]{1,64}$/;
