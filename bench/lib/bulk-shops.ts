import type { NigerianState } from '#rules/states.ts';
import { CATEGORIES, CITIES, GENERAL_PHRASES, NAME_ENDINGS, OWNER_NAMES, REVIEWS, SPECIALTIES, type Weighted } from './bulk-words';

export type BulkShop = {
  name: string;
  address: string;
  category: string;
  description: string;
  tags: string[];
  /** Null for a shop that names no place, as older clients make them. */
  state: NigerianState | null;
  area: string | null;
  products: { name: string; price: number }[];
};

/** A shop's ratings: the stars each rater gave, with a review or '' for a rating without one. */
export type BulkRating = { stars: number; review: string };

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

/** Shops that name no state, as a client that never sends one makes them. */
const UNPLACED_CHANCE = 0.2;

/**
 * `random` alone makes the names, words and products, so a `--shops` count always makes the same ones;
 * `extras` decides the rest (whether the shop names its place).
 */
export function bulkShop(random: () => number, extras: () => number, productsPerShop: number): BulkShop {
  const city = pickWeighted(random, CITIES);
  const category = pickWeighted(random, CATEGORIES);
  const name = [pick(random, OWNER_NAMES), pick(random, category.nouns), pick(random, NAME_ENDINGS)].filter(Boolean).join(' ');
  const sentences = [pick(random, category.phrases), pick(random, GENERAL_PHRASES)];
  if (random() < SPECIALTY_CHANCE) sentences.push(`Ask about our ${pick(random, SPECIALTIES)}`);
  const firstProduct = Math.floor(random() * category.products.length);
  const tags = [...new Set([pick(random, category.tags), pick(random, category.tags), pick(random, category.tags)])];
  const number = 1 + Math.floor(random() * 200);
  const street = pick(random, city.streets);
  const area = pick(random, city.areas);
  const placed = extras() >= UNPLACED_CHANCE;
  return {
    name,
    address: `${number} ${street}, ${area}, ${city.name}`,
    category: category.name,
    description: `${sentences.join('. ')}.`,
    tags,
    state: placed ? city.state : null,
    area: placed ? area : null,
    // Consecutive items from a random start, so a shop repeats a product only when it has more than its category lists.
    products: Array.from({ length: productsPerShop }, (_, i) => {
      const product = category.products[(firstProduct + i) % category.products.length]!;
      return { name: product.name, price: price(random, product.price) };
    }),
  };
}

/** Most shops have no rating yet; a rated shop has a few, now and then dozens. */
const RATED_CHANCE = 0.4;
const MAX_RATINGS = 40;
const REVIEW_CHANCE = 0.4;

/**
 * Ratings as a marketplace gathers them: each shop has its own standing (between 2.5 and 5 stars) and each
 * rating lands within a star of it, so sorting by rating has many distinct averages to order.
 */
export function bulkRatings(random: () => number): BulkRating[] {
  if (random() >= RATED_CHANCE) return [];
  const count = Math.min(MAX_RATINGS, 1 + Math.floor(-Math.log(1 - random()) * 5));
  const standing = 2.5 + random() * 2.5;
  return Array.from({ length: count }, () => ({
    stars: Math.min(5, Math.max(1, Math.round(standing + (random() - 0.5) * 2))),
    review: random() < REVIEW_CHANCE ? pick(random, REVIEWS) : '',
  }));
}
