/** The Redis channel on which web tiers announce their writes; the API's own short memory of lists hears it too. */
export const CONTENT_CHANGED_CHANNEL = 'kasuwa:content-changed';
