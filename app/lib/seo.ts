import type { MetaDescriptor } from 'react-router';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import { searchWords } from '#rules/search-words.ts';

const SITE_NAME = 'Kasuwa';

/** The part of a meta function's match this module reads; typegen's matches fit it. */
type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * The site's public origin, as the root loader sends it, for use inside a route's `meta`.
 * Empty when the root has no data (its loader failed): links then stay relative rather than wrong.
 */
export function originFrom(matches: readonly MetaMatchLike[]): string {
  const rootData = matches.find((match) => match?.id === 'root')?.loaderData;
  const webUrl = (rootData as { webUrl?: unknown } | undefined)?.webUrl;
  return typeof webUrl === 'string' ? webUrl.replace(/\/+$/, '') : '';
}

/** The absolute address of `path` (which may carry a query; an empty one is dropped) on the site. */
export function absoluteUrl(webUrl: string, path: string): string {
  return `${webUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '').replace(/\?$/, '')}`;
}

/** `<link rel="canonical">`, so crawlers index one address per page whatever query or host brought them. */
export function canonical(webUrl: string, path: string): { tagName: 'link'; rel: 'canonical'; href: string } {
  return { tagName: 'link', rel: 'canonical', href: absoluteUrl(webUrl, path) };
}

/**
 * A search page is worth indexing only when it finds shops and every word it echoes was searched for: an
 * empty page is a soft 404, and words past those the search reads could carry spam into the page's title.
 */
export function searchIndexable(q: string, found: number): boolean {
  return found > 0 && searchWords(q).length <= SEARCH_WORDS_MAX;
}

type SocialCard = { title: string; description: string; url: string; imageUrl?: string | null };

/**
 * Open Graph and Twitter card tags: what WhatsApp, Facebook and X show when someone shares the link.
 * A site-relative image (`/media/…`, as shop photos arrive) is made absolute against `url`, since
 * link previewers fetch images without knowing the page's origin.
 */
export function socialTags({ title, description, url, imageUrl }: SocialCard): MetaDescriptor[] {
  const image = imageUrl ? resolveAgainst(imageUrl, url) : undefined;
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_NG' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
}

function resolveAgainst(imageUrl: string, pageUrl: string): string {
  try {
    return new URL(imageUrl, pageUrl).href;
  } catch {
    return imageUrl;
  }
}
