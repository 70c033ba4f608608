/** As both the API's and the site's moderation addresses name an item. */
export function moderationPath(shopId: string, ratingId?: string): string {
  const shop = `shops/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}` : shop;
}

export function reportPath(shopId: string, ratingId?: string): string {
  const shop = `/shop/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}/report` : `${shop}/report`;
}
