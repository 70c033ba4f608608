import { describe, expect, test } from 'vitest';
import { isLostConnection } from '#app/lib/lost-connection.ts';

describe('isLostConnection', () => {
  test.each([
    ['Chromium', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
  ])('a failed data request in %s is a lost connection', (_browser, message) => {
    expect(isLostConnection(new TypeError(message), true)).toBe(true);
  });

  test('a bug in a page is not, nor is an error that is not a TypeError', () => {
    expect(isLostConnection(new TypeError("Cannot read properties of undefined (reading 'name')"), true)).toBe(false);
    expect(isLostConnection(new Error('Failed to fetch'), true)).toBe(false);
    expect(isLostConnection('Failed to fetch', true)).toBe(false);
  });

  test('never on the server, whose provider failures have their own statuses', () => {
    expect(isLostConnection(new TypeError('fetch failed'), false)).toBe(false);
  });
});
