/** As both the API's and the site's moderation addresses name an item; `answer`: the shop's answer to the review. */
export function moderationPath(shopId: string, ratingId?: string, answer?: boolean): string {
  const shop = `shops/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}${answer ? '/answer' : ''}` : shop;
}

export function reportPath(shopId: string, ratingId?: string, answer?: boolean): string {
  const shop = `/shop/${encodeURIComponent(shopId)}`;
  return ratingId ? `${shop}/reviews/${encodeURIComponent(ratingId)}${answer ? '/answer' : ''}/report` : `${shop}/report`;
}

export function answerPath(shopId: string, ratingId: string): string {
  return `/shop/${encodeURIComponent(shopId)}/reviews/${encodeURIComponent(ratingId)}/answer`;
}

export function messageReportPath(threadId: string, messageId: string | number): string {
  return `/messages/${encodeURIComponent(threadId)}/${encodeURIComponent(messageId)}/report`;
}

export function messageModerationPath(messageId: string | number): string {
  return `/moderation/messages/${encodeURIComponent(messageId)}`;
}
