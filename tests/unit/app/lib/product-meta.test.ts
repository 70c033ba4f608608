import { describe, expect, test } from 'vitest';
import { wordsIn } from '#app/lib/i18n/words.server.ts';
import { translator } from '#app/lib/i18n/words.ts';
import { productMeta } from '#app/lib/product-meta.ts';
import { productWithShopSchema } from '#app/lib/provider/contract.ts';

const ENGLISH = translator([wordsIn('en', 'shop')]);

const SITE = 'https://kasuwa.ng';

const product = productWithShopSchema.parse({
  id: 'p-1',
  name: 'Tecno Spark 10 </script><b>',
  price: 85000,
  image_url: '/media/products/a/main.jpg',
  image: { url: '/media/products/a/main.jpg', width: 800, height: 600, variants: [] },
  shop_id: 's-1',
  description: 'Clean, with charger.',
  condition: 'tokunbo',
  negotiable: true,
  in_stock: false,
  shop: { id: 's-1', name: 'Yaba Phones', area: 'Yaba', state: 'Lagos', rating_average: 4.5, rating_count: 2, is_sponsored: true, owner_phone: null },
});

const tag = (key: string, value: string) =>
  productMeta(product, SITE, ENGLISH).find((meta) => (meta as Record<string, unknown>)[key] === value) as Record<string, string>;

describe("a product page's meta", () => {
  test('names the product, its price and shop, links the canonical page and a photo a previewer can fetch', () => {
    const tags = productMeta(product, SITE, ENGLISH);
    expect(tags[0]).toEqual({ title: 'Tecno Spark 10 </script><b> – ₦85,000 – Yaba Phones | Kasuwa' });
    expect(tag('rel', 'canonical').href).toBe('https://kasuwa.ng/product/p-1');
    expect(tag('property', 'og:type').content).toBe('product');
    expect(tag('property', 'og:url').content).toBe('https://kasuwa.ng/product/p-1');
    expect(tag('property', 'og:image').content).toBe('https://kasuwa.ng/media/products/a/main.jpg');
    expect(tag('name', 'description').content).toBe('Clean, with charger.');
  });

  test('describes it as a schema.org Product offered in naira by its shop', () => {
    const ld = productMeta(product, SITE, ENGLISH).find((meta) => 'script:ld+json' in meta) as { 'script:ld+json': Record<string, unknown> };
    expect(ld['script:ld+json']).toMatchObject({
      '@type': 'Product',
      name: 'Tecno Spark 10 </script><b>',
      image: 'https://kasuwa.ng/media/products/a/main.jpg',
      offers: {
        price: 85000,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Organization', name: 'Yaba Phones' },
      },
    });
  });

  test('without a description of its own, says what and where in the page language', () => {
    const bare = { ...product, description: null };
    const described = (t: typeof ENGLISH) =>
      productMeta(bare, SITE, t).find((meta) => (meta as Record<string, unknown>).name === 'description') as { content: string };
    expect(described(ENGLISH).content).toBe('Tecno Spark 10 </script><b> for ₦85,000 at Yaba Phones, Yaba, Lagos, on Kasuwa.');
    expect(described(ENGLISH).content).not.toContain('none');
    expect(productMeta({ ...bare, shop: undefined }, SITE, ENGLISH).find((meta) => (meta as Record<string, unknown>).name === 'description')).toEqual({
      name: 'description',
      content: 'Tecno Spark 10 </script><b> for ₦85,000, on Kasuwa.',
    });
    expect(described(translator([wordsIn('yo', 'shop')])).content).toBe('Tecno Spark 10 </script><b> ní ₦85,000 ní Yaba Phones, Yaba, Lagos, lórí Kasuwa.');
  });
});
