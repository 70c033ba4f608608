import { describe, expect, test } from 'vitest';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';

describe('keepFormWhenOffline', () => {
  test('passes the action’s answer through', async () => {
    expect(await keepFormWhenOffline(async () => ({ result: { status: 'success' } }), 'offline')).toEqual({ result: { status: 'success' } });
  });

  test('a lost connection becomes a form error with the given words, so the form stays as typed', async () => {
    const answer = await keepFormWhenOffline(() => Promise.reject(new TypeError('Failed to fetch')), 'Network error. Please check your connection.');
    expect(answer).toEqual({ result: { status: 'error', error: { '': ['Network error. Please check your connection.'] } }, offline: true });
  });

  test('the rest of the route’s answer comes along, as its action gives it with a failed form', async () => {
    const answer = await keepFormWhenOffline(() => Promise.reject(new TypeError('Load failed')), 'offline', { sent: null });
    expect(answer).toEqual({ result: { status: 'error', error: { '': ['offline'] } }, offline: true, sent: null });
  });

  test('anything else, such as a redirect React Router throws, is thrown on unchanged', async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/myShop' } });
    await expect(keepFormWhenOffline(() => Promise.reject(redirect), 'offline')).rejects.toBe(redirect);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    await expect(keepFormWhenOffline(() => Promise.reject(bug), 'offline')).rejects.toBe(bug);
  });

  test('after such an answer the pages’ data are not asked for again; after any other, as React Router would', () => {
    expect(revalidateUnlessOffline({ actionResult: { result: {}, offline: true }, defaultShouldRevalidate: true })).toBe(false);
    expect(revalidateUnlessOffline({ actionResult: { result: { status: 'error' } }, defaultShouldRevalidate: true })).toBe(true);
    expect(revalidateUnlessOffline({ actionResult: undefined, defaultShouldRevalidate: false })).toBe(false);
  });
});
