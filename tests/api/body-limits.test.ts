import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_NOTE_MAX, REPORT_DETAILS_MAX, REVIEW_MAX } from '#rules/limits.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A JSON body one byte past the route's limit, its text field filled with a letter that needs no escape. */
const oneByteTooMany = (field: string, limit: number) => {
  const empty = JSON.stringify({ [field]: '' });
  return JSON.stringify({ [field]: 'x'.repeat(limit - empty.length + 1) });
};

describe('the writes that take a few hundred characters', () => {
  it('refuse a larger body unread (413), and take one at the limit', async () => {
    const owner = await signUp(api.app);
    const buyer = await signUp(api.app);
    const moderator = await signUp(api.app);
    await setModerator(api.database.db, moderator.email, true);
    const shop = await createShop(api.app, owner.access, { name: 'Body Limit Beads' });
    const rating = (await api.app.inject({ method: 'PUT', url: `/shops/${shop.id}/rating`, payload: { stars: 4 }, headers: bearer(buyer.access) })).json();
    const writes = [
      { method: 'PUT', url: `/shops/${shop.id}/rating`, field: 'review', limit: textBodyLimit(REVIEW_MAX), person: buyer },
      { method: 'PUT', url: `/shops/${shop.id}/ratings/${rating.id}/answer`, field: 'answer', limit: textBodyLimit(REVIEW_MAX), person: owner },
      { method: 'POST', url: `/shops/${shop.id}/reports`, field: 'details', limit: textBodyLimit(REPORT_DETAILS_MAX), person: buyer },
      { method: 'POST', url: `/moderation/shops/${shop.id}/stall-visits`, field: 'note', limit: textBodyLimit(MODERATION_NOTE_MAX), person: moderator },
      { method: 'POST', url: `/moderation/shops/${shop.id}/actions`, field: 'note', limit: textBodyLimit(MODERATION_NOTE_MAX), person: moderator },
    ] as const;
    for (const write of writes) {
      const send = (payload: string) =>
        api.app.inject({ method: write.method, url: write.url, payload, headers: { ...bearer(write.person.access), 'content-type': 'application/json' } });
      expect((await send(oneByteTooMany(write.field, write.limit))).statusCode, `${write.method} ${write.url}`).toBe(413);
      // At the limit the body is read: too long for the field, or not a moderator's, but never a 413.
      expect((await send(oneByteTooMany(write.field, write.limit - 1))).statusCode, `${write.method} ${write.url}`).not.toBe(413);
    }
  });
});
