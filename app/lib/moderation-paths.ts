/** As both the API's and the site's moderation addresses name an item. */
export function moderationPath(shopId: string, ratingId?: string): string {
  const shop = `shops/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}` : shop;
}

export function reportPath(shopId: string, ratingId?: string): string {
  const shop = `/shop/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}/report` : `${shop}/report`;
}

export function messageReportPath(threadId: string, messageId: string | number): string {
  return `/messages/${encodeURIComponent(threadId)}/${encodeURIComponent(messageId)}/report`;
}

export function messageModerationPath(messageId: string | number): string {
  return `/moderation/messages/${encodeURIComponent(messageId)}`;
}
