import { describe, expect, test } from 'vitest';
import { absoluteUrl, canonical, originFrom, searchIndexable, socialTags } from '#app/lib/seo.ts';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';

const SITE = 'https://kasuwa.ng';

describe('canonical links', () => {
  test('name the page at the public origin, with one slash between origin and path', () => {
    expect(canonical(SITE, '/messages')).toEqual({ tagName: 'link', rel: 'canonical', href: 'https://kasuwa.ng/messages' });
    expect(canonical('https://kasuwa.ng/', 'settings').href).toBe('https://kasuwa.ng/settings');
    expect(canonical(SITE, '/').href).toBe('https://kasuwa.ng/');
  });

  test('keep a page query that changes the content, and drop an empty one', () => {
    expect(canonical(SITE, '/?page=2').href).toBe('https://kasuwa.ng/?page=2');
    expect(canonical(SITE, '/searchResults?q=agbada&category=Fashion').href).toBe('https://kasuwa.ng/searchResults?q=agbada&category=Fashion');
    expect(absoluteUrl(SITE, '/searchResults?')).toBe('https://kasuwa.ng/searchResults');
  });

  test('stay site-relative when the origin is unknown', () => {
    expect(canonical('', '/rating').href).toBe('/rating');
  });
});

describe('search pages for search engines', () => {
  test('are indexed when they find shops', () => {
    expect(searchIndexable('rice lagos', 12)).toBe(true);
    expect(searchIndexable('', 24)).toBe(true);
  });

  test('are not indexed when they find nothing', () => {
    expect(searchIndexable('rice lagos', 0)).toBe(false);
  });

  test('are not indexed when the query has words the search never read', () => {
    const read = Array.from({ length: SEARCH_WORDS_MAX }, () => 'rice').join(' ');
    expect(searchIndexable(read, 5)).toBe(true);
    expect(searchIndexable(`${read} cheap-loans.example`, 5)).toBe(false);
  });
});

describe('the public origin in a meta function', () => {
  test('comes from the root route’s data', () => {
    const matches = [
      { id: 'root', loaderData: { signedIn: false, webUrl: 'https://kasuwa.ng/' } },
      { id: 'routes/settings/settings', loaderData: undefined },
    ];
    expect(originFrom(matches)).toBe('https://kasuwa.ng');
  });

  test('is empty when the root has no data or no webUrl', () => {
    expect(originFrom([{ id: 'root', loaderData: undefined }])).toBe('');
    expect(originFrom([{ id: 'root', loaderData: { signedIn: true } }])).toBe('');
    expect(originFrom([undefined])).toBe('');
  });
});

describe('sharing tags', () => {
  const card = { title: 'Otigba Phones & Gadgets · Kasuwa', description: 'Phones in Ikeja, Lagos', url: `${SITE}/shop/7` };

  test('give WhatsApp and X the title, description and address', () => {
    const tags = socialTags(card);
    expect(tags).toContainEqual({ property: 'og:title', content: card.title });
    expect(tags).toContainEqual({ property: 'og:description', content: card.description });
    expect(tags).toContainEqual({ property: 'og:url', content: card.url });
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'Kasuwa' });
    expect(tags).toContainEqual({ name: 'twitter:title', content: card.title });
    expect(tags).toContainEqual({ name: 'twitter:description', content: card.description });
  });

  test('with a photo, show it large and make a site-relative photo address absolute', () => {
    const tags = socialTags({ ...card, imageUrl: '/media/shops/7/photo-1200.webp' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://kasuwa.ng/media/shops/7/photo-1200.webp' });
    expect(tags).toContainEqual({ name: 'twitter:image', content: 'https://kasuwa.ng/media/shops/7/photo-1200.webp' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  test('keep a photo hosted elsewhere as it is', () => {
    const tags = socialTags({ ...card, imageUrl: 'https://cdn.example.com/a.jpg' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://cdn.example.com/a.jpg' });
  });

  test('without a photo, use the small card and name no image', () => {
    const tags = socialTags({ ...card, imageUrl: null });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(tags.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false);
  });
});
