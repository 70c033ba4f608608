import type { MetaDescriptor } from 'react-router';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import { searchWords } from '#rules/search-words.ts';

const SITE_NAME = 'Kasuwa';

type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

/** Empty when the root loader failed: links then stay relative rather than wrong. */
export function originFrom(matches: readonly MetaMatchLike[]): string {
  const rootData = matches.find((match) => match?.id === 'root')?.loaderData;
  const webUrl = (rootData as { webUrl?: unknown } | undefined)?.webUrl;
  return typeof webUrl === 'string' ? webUrl.replace(/\/+$/, '') : '';
}

export function absoluteUrl(webUrl: string, path: string): string {
  return `${webUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '').replace(/\?$/, '')}`;
}

export function canonical(webUrl: string, path: string): { tagName: 'link'; rel: 'canonical'; href: string } {
  return { tagName: 'link', rel: 'canonical', href: absoluteUrl(webUrl, path) };
}

/** An empty search is a soft 404, and words past those searched could carry spam into the title. */
export function searchIndexable(q: string, found: number): boolean {
  return found > 0 && searchWords(q).length <= SEARCH_WORDS_MAX;
}

type SocialCard = { title: string; description: string; url: string; imageUrl?: string | null; type?: 'website' | 'product' };

/** Link previewers fetch images without knowing the page's origin, so a site-relative photo is made absolute. */
export function socialTags({ title, description, url, imageUrl, type = 'website' }: SocialCard): MetaDescriptor[] {
  const image = imageUrl ? resolveAgainst(imageUrl, url) : undefined;
  return [
    { property: 'og:type', content: type },
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

export function resolveAgainst(imageUrl: string, pageUrl: string): string {
  try {
    return new URL(imageUrl, pageUrl).href;
  } catch {
    return imageUrl;
  }
}
