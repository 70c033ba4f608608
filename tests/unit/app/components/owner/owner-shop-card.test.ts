import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OwnerShopCard } from '#app/components/owner/owner-shop-card.tsx';
import { type Profile, profileSchema } from '#app/lib/provider/contract.ts';

let shown: Profile['shops'][number] | undefined;
// The card's links need a router around them.
const CardPage = () => createElement(OwnerShopCard, { shop: shown!, eager: false });
const CardRouter = createRoutesStub([{ path: '/', Component: CardPage }]);

function adLine(fields: Record<string, unknown>): string | undefined {
  const shop = { id: 'shop-1', name: 'Mama Put', address: '4 Ojuelegba Rd', category: 'Food', ...fields };
  shown = profileSchema.parse({ id: 'user-1', username: 'ada', email: 'ada@example.ng', shops: [shop] }).shops[0];
  const html = renderToString(createElement(CardRouter)).replace(/<!-- -->/g, '');
  return /<p class="(?:ad-status|sponsored-until)">([^<]*)<\/p>/.exec(html)?.[1];
}

describe("an owner's shop card", () => {
  it('says until when an ad runs, when the last one ended, or that none runs', () => {
    expect(adLine({ is_sponsored: true, sponsored_until: '2034-02-01T10:00:00Z' })).toBe('Sponsored until 1 Feb 2034');
    expect(adLine({ is_sponsored: false, ad_ended_at: '2034-02-01T10:00:00Z' })).toBe('Ad ended 1 Feb 2034');
    expect(adLine({ is_sponsored: false })).toBe('No ad running');
  });
});
