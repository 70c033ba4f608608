import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ShopCard } from '#app/components/shops/shop-card.tsx';
import { sponsoredFirst } from '#app/components/shops/shop-grid.tsx';
import { shopSchema } from '#app/lib/provider/contract.ts';
import { inLanguage } from '../../../support/words';

const shop = (fields: Record<string, unknown>) =>
  shopSchema.parse({ id: 'shop-1', name: 'Mama Put', address: '4 Ojuelegba Rd, Surulere, Lagos', category: 'Food', ...fields });

type CardProps = Parameters<typeof ShopCard>[0];
let rendered: CardProps | undefined;
// The card's heart posts through the router's fetcher, so the card renders inside a router.
const CardPage = () => createElement(ShopCard, rendered!);
const CardRouter = createRoutesStub([{ path: '/', Component: CardPage }]);

function cardText(fields: Record<string, unknown>, sponsored = false, language: 'en' | 'ha' = 'en'): string {
  const [card] = sponsoredFirst({ sponsored_shops: sponsored ? [shop(fields)] : [], for_you: sponsored ? [] : [shop(fields)] }, 'Sponsored');
  rendered = { shop: card!.shop, badge: card!.badge, timing: 'near', saved: false };
  const html = renderToString(inLanguage(language, ['shops'], createElement(CardRouter)));
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|');
}

describe('a shop card', () => {
  it('shows the name, the category with the area and state, and "from" the lowest product price', () => {
    expect(cardText({ area: 'Surulere', state: 'Lagos', lowest_price: 3500 }, true)).toBe('|Sponsored|Mama Put|Food · Surulere, Lagos|from ₦3,500|');
  });

  it('shows the address when the shop names no area or state, and no price before it has products', () => {
    expect(cardText({ lowest_price: null })).toBe('|Mama Put|Food · 4 Ojuelegba Rd, Surulere, Lagos|');
  });

  it('writes kobo only when a price has them', () => {
    expect(cardText({ state: 'Oyo', lowest_price: 120.5 })).toContain('|from ₦120.50|');
  });

  it("speaks the visitor's language, the naira amount written the same way", () => {
    expect(cardText({ area: 'Surulere', state: 'Lagos', lowest_price: 3500 }, true, 'ha')).toBe('|Talla|Mama Put|Food · Surulere, Lagos|daga ₦3,500|');
  });
});
