import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OwnerShopCard } from '#app/components/owner/owner-shop-card.tsx';
import { type Profile, profileSchema } from '#app/lib/provider/contract.ts';
import { inLanguage } from '../../../support/words';

let shown: Profile['shops'][number] | undefined;
// The card's links need a router around them.
const CardPage = () => inLanguage('en', ['owner', 'forms'], createElement(OwnerShopCard, { shop: shown!, eager: false }));
const CardRouter = createRoutesStub([{ path: '/', Component: CardPage }]);

function cardHtml(fields: Record<string, unknown>): string {
  const shop = { id: 'shop-1', name: 'Mama Put', address: '4 Ojuelegba Rd', category: 'Food', ...fields };
  shown = profileSchema.parse({ id: 'user-1', username: 'ada', email: 'ada@example.ng', shops: [shop] }).shops[0];
  return renderToString(createElement(CardRouter)).replace(/<!-- -->/g, '');
}

function adLine(fields: Record<string, unknown>): string | undefined {
  return /<p class="(?:ad-status|sponsored-until)">([^<]*)<\/p>/.exec(cardHtml(fields))?.[1];
}

describe("an owner's shop card", () => {
  it('says until when an ad runs, when the last one ended, or that none runs', () => {
    expect(adLine({ is_sponsored: true, sponsored_until: '2034-02-01T10:00:00Z' })).toBe('Sponsored until 1 Feb 2034');
    expect(adLine({ is_sponsored: false, ad_ended_at: '2034-02-01T10:00:00Z' })).toBe('Ad ended 1 Feb 2034');
    expect(adLine({ is_sponsored: false })).toBe('No ad running');
  });

  it('offers to text the shop’s half-hidden number when a buyer writes, as a form that asks for the other state', () => {
    const off = cardHtml({ owner_phone: '+2348031234567' });
    expect(off).toContain('Text me when a buyer writes (SMS to 0803 ••• 4567): <strong>Off</strong>');
    expect(off).toMatch(/<form [^>]*method="post"/);
    expect(off).toContain('name="sms" value="on"');
    expect(off).toContain('Turn on');
    expect(off).not.toContain('123');

    const on = cardHtml({ owner_phone: '+2348031234567', sms_alerts: true });
    expect(on).toContain('<strong>On</strong>');
    expect(on).toContain('name="sms" value="off"');
    expect(on).toContain('Turn off');
  });

  it('offers no text messages for a shop a moderator hid', () => {
    expect(cardHtml({ owner_phone: '+2348031234567', hidden: { at: '2034-02-01T10:00:00Z', reason: 'Spam' } })).not.toContain('Text me');
  });
});
