import { describe, expect, test } from 'vitest';
import { wordsIn } from '#app/lib/i18n/words.server.ts';
import { translator } from '#app/lib/i18n/words.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { cityOf, shopMeta, shortDescription } from '#app/lib/shop-meta.ts';

const ENGLISH = translator([wordsIn('en', 'shop')]);

const SITE = 'https://kasuwa.ng';

const shop: Shop = {
  id: '838bccbb-7dc2-4c47-949c-a4d719737b2d',
  name: "Mama Titi's Kitchen",
  address: '14 Adeniran Ogunsanya Street, Surulere, Lagos',
  category: 'Food',
  description: 'Home-style Yoruba cooking since 2009.',
  state: null,
  area: null,
  phone: null,
  whatsapp: null,
  lowest_price: null,
  image_url: '/media/shops/a/main.jpg',
  image: { url: '/media/shops/a/main.jpg', width: 800, height: 600, variants: [] },
  owner_phone: '+2348030000000',
  owner_status: 'Active seller since Jan 2025',
  visitor_count: 3,
  tags: [],
  rating_average: 0,
  rating_count: 0,
  rating_stars: [0, 0, 0, 0, 0],
  latest_ratings: [],
  short_code: null,
  phone_verified: false,
  stall_visited_at: null,
  bank_match: null,
};

function content(tags: ReturnType<typeof shopMeta>, key: string) {
  const tag =
    tags.find((candidate) => 'property' in candidate && candidate.property === key) ?? tags.find((candidate) => 'name' in candidate && candidate.name === key);
  return tag && 'content' in tag ? tag.content : undefined;
}

describe('shop page meta', () => {
  test('names the shop and its city, with an absolute canonical link and an absolute JPEG for previews', () => {
    const tags = shopMeta(shop, SITE, ENGLISH);

    expect(tags).toContainEqual({ title: "Mama Titi's Kitchen · Kasuwa" });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/shop/${shop.id}` });
    expect(content(tags, 'og:title')).toBe("Mama Titi's Kitchen · Lagos");
    expect(content(tags, 'og:url')).toBe(`${SITE}/shop/${shop.id}`);
    expect(content(tags, 'og:image')).toBe(`${SITE}/media/shops/a/main.jpg`);
    expect(content(tags, 'og:image:width')).toBe('800');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'description')).toBe('Home-style Yoruba cooking since 2009.');
  });

  test('without a photo the card is a plain summary, and an empty description falls back to category and address', () => {
    const tags = shopMeta({ ...shop, image: undefined, image_url: null, description: '' }, SITE, ENGLISH);

    expect(content(tags, 'og:image')).toBeUndefined();
    expect(content(tags, 'twitter:card')).toBe('summary');
    expect(content(tags, 'description')).toBe('Food · 14 Adeniran Ogunsanya Street, Surulere, Lagos');
  });

  test('descriptions are cut near 150 characters at a word, with an ellipsis', () => {
    const long = `${'Jollof and ofada every weekday, '.repeat(8)}end`;
    const short = shortDescription(long);

    expect(short.length).toBeLessThanOrEqual(150);
    expect(short.endsWith('…')).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(short).not.toMatch(/[\s,]…$/);
    expect(shortDescription('  Small   chops\n trays ')).toBe('Small chops trays');
  });

  test('the city is the address’s last part', () => {
    expect(cityOf('Shop 23, Otigba Street, Computer Village, Ikeja, Lagos')).toBe('Lagos');
    expect(cityOf('Kano')).toBe('Kano');
    expect(cityOf('')).toBe('');
  });
});
