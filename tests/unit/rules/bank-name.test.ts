import { describe, expect, it } from 'vitest';
import { sameAccountName } from '#rules/bank-name.ts';

describe('a bank name matched', () => {
  it('holds the same words in any order, whatever their case', () => {
    expect(sameAccountName('OBI NGOZI ADA', 'Ada Ngozi Obi')).toBe(true);
    expect(sameAccountName('OBI NGOZI ADA', 'ngozi obi ada')).toBe(true);
  });

  it('ignores accents, apostrophes, hyphens and extra spaces', () => {
    expect(sameAccountName('OLAOLUWA ADEBAYO', 'Ọláolúwa  Adébáyọ̀')).toBe(true);
    expect(sameAccountName("OKAFOR-NWOSU CHINEDU O'NEIL", 'Chinedu ONeil Okafor Nwosu')).toBe(true);
  });

  it('refuses a name with a word more, a word less or another word', () => {
    expect(sameAccountName('OBI NGOZI ADA', 'Ada Obi')).toBe(false);
    expect(sameAccountName('OBI NGOZI ADA', 'Ada Ngozi Obi Okafor')).toBe(false);
    expect(sameAccountName('OBI NGOZI ADA', 'Ada Ngozi Obih')).toBe(false);
    expect(sameAccountName('OBI OBI ADA', 'Obi Ada Ada')).toBe(false);
  });

  it('refuses an empty name on either side', () => {
    expect(sameAccountName('', '')).toBe(false);
    expect(sameAccountName('OBI', ' - ')).toBe(false);
  });
});
