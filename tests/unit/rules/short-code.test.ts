import { describe, expect, it } from 'vitest';
import { shortCodeOf } from '#rules/short-code.ts';

describe('a short link code as typed', () => {
  it('is read without capitals or spaces around it', () => {
    expect(shortCodeOf(' K7M2QX ')).toBe('k7m2qx');
  });

  it('is no code with a look-alike character, the wrong length or anything else', () => {
    for (const text of ['k7m2q0', 'k7m2qo', 'k7m2q1', 'k7m2ql', 'k7m2qi', 'k7m2q', 'k7m2qxx', 'k7-2qx', '']) expect(shortCodeOf(text), text).toBeNull();
  });
});
