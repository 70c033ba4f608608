import { CATEGORIES, CITIES, GENERAL_PHRASES, NAME_ENDINGS, OWNER_NAMES, SPECIALTIES, type Weighted } from './bulk-words';

export type BulkShop = {
  name: string;
  address: string;
  category: string;
  description: string;
  tags: string[];
  products: { name: string; price: number }[];
};

/** mulberry32: a tiny seeded generator, so the same `--shops` count always makes the same shops. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function pickWeighted<T>(random: () => number, list: Weighted<T>[]): T {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let point = random() * total;
  for (const item of list) {
    point -= item.weight;
    if (point < 0) return item.value;
  }
  return list.at(-1)!.value;
}

/** Each specialty in about one shop in a thousand: a handful of matches at 10,000 shops, ~100 at 100,000. */
const SPECIALTY_CHANCE = SPECIALTIES.length / 1000;

/** Prices vary around the category's typical price, in steps of ₦50, and one in ten has kobo. */
function price(random: () => number, typical: number): number {
  const naira = Math.max(50, Math.round((typical * (0.8 + random() * 0.6)) / 50) * 50);
  return random() < 0.1 ? naira - 0.5 : naira;
}

export function bulkShop(random: () => number, productsPerShop: number): BulkShop {
  const city = pickWeighted(random, CITIES);
  const category = pickWeighted(random, CATEGORIES);
  const name = [pick(random, OWNER_NAMES), pick(random, category.nouns), pick(random, NAME_ENDINGS)].filter(Boolean).join(' ');
  const sentences = [pick(random, category.phrases), pick(random, GENERAL_PHRASES)];
  if (random() < SPECIALTY_CHANCE) sentences.push(`Ask about our ${pick(random, SPECIALTIES)}`);
  const firstProduct = Math.floor(random() * category.products.length);
  const tags = [...new Set([pick(random, category.tags), pick(random, category.tags), pick(random, category.tags)])];
  return {
    name,
    address: `${1 + Math.floor(random() * 200)} ${pick(random, city.streets)}, ${pick(random, city.areas)}, ${city.name}`,
    category: category.name,
    description: `${sentences.join('. ')}.`,
    tags,
    // Consecutive items from a random start, so a shop repeats a product only when it has more than its category lists.
    products: Array.from({ length: productsPerShop }, (_, i) => {
      const product = category.products[(firstProduct + i) % category.products.length]!;
      return { name: product.name, price: price(random, product.price) };
    }),
  };
}
