/** A reported item as the API's and the site's moderation addresses name it: a shop, or a review on it. */
export function moderationPath(shopId: string, ratingId?: string): string {
  const shop = `shops/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}` : shop;
}

/** Where a shop or a review is reported. */
export function reportPath(shopId: string, ratingId?: string): string {
  const shop = `/shop/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}/report` : `${shop}/report`;
}
