import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdHistory, type PastAd } from '#app/components/ads/ad-history.tsx';
import { AREAS } from '#rules/i18n/areas.ts';
import type { Language } from '#rules/i18n/languages.ts';
import { inLanguage } from '../../../support/words';

const paid = (reference: string): PastAd => ({
  reference,
  amount: 5000,
  status: 'success',
  paid_at: '2026-11-02T09:00:00Z',
  starts_at: '2026-11-02T09:00:00Z',
  ends_at: '2026-12-02T09:00:00Z',
});

const text = (language: Language, ads: PastAd[]) => renderToString(inLanguage(language, ['ads'], createElement(AdHistory, { ads }))).replace(/<[^>]*>/g, '');

describe("a shop's ads and receipts", () => {
  it('counts the months paid with the plural of the language, and sums what they cost', () => {
    expect(text('en', [paid('a')])).toContain('1 month paid, ₦5,000 in all.');
    expect(text('en', [paid('a'), paid('b'), { ...paid('c'), status: 'abandoned', paid_at: null }])).toContain('2 months paid, ₦10,000 in all.');
  });

  it('says each receipt in the language of the page, and a status Paystack may add someday as it came', () => {
    const page = text('ha', [paid('a'), { ...paid('b'), status: 'reversed', paid_at: null }]);
    const hausa = AREAS.ads.translations.ha.messages;
    expect(page).toContain(hausa['ads.status.success']);
    expect(page).not.toContain(AREAS.ads.source['ads.history']);
    expect(page).toContain(hausa['ads.history']);
    expect(page).toContain('reversed');
  });
});
