import { type ReactNode, useContext } from 'react';
import { preload } from 'react-dom';
import { useServerRendered } from '#app/lib/hydrated.ts';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { LaterRules } from './later-photo-styles';

type ImageInfo = Shop['image'];

/** A `srcset`, or just its widths when the copies lie beside the photo as `w{width}.{extension}`, to keep hydration data small. */
type Sources = string | number[];

export type Photo = {
  src: string;
  width: number;
  height: number;
  avif: Sources | null;
  webp: Sources | null;
  /** Shown in the photo's box until the photo arrives. */
  color: string | null;
};

const EXTENSIONS = { avif: 'image/avif', webp: 'image/webp' } as const;
type Format = keyof typeof EXTENSIONS;

/** One array for equal width lists, so hydration data names it once; bounded so a provider cannot grow it. */
const sharedWidths = new Map<string, number[]>();
function shared(widths: number[]): number[] {
  const key = widths.join();
  const known = sharedWidths.get(key);
  if (known) return known;
  if (sharedWidths.size < 32) sharedWidths.set(key, widths);
  return widths;
}

function sourcesOf(image: ImageInfo, format: Format): Sources | null {
  const variants = (image?.variants ?? []).filter((variant) => variant.type === EXTENSIONS[format]);
  if (!variants.length) return null;
  const folder = image!.url.slice(0, image!.url.lastIndexOf('/') + 1);
  return variants.every((variant) => variant.url === `${folder}w${variant.width}.${format}`)
    ? shared(variants.map((variant) => variant.width))
    : variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/**
 * The slot a photo fills: `sizes` as the CSS lays it out, the widest copy any screen it shows on can use,
 * and its width in CSS pixels on a 412 px phone.
 */
export type PhotoSlot = { sizes: string; widest: number; phone: number };

function srcSetOf(photo: Photo, format: Format, widest: number): string | undefined {
  const sources = photo[format];
  if (sources === null || typeof sources === 'string') return sources ?? undefined;
  return usableCopies(photo, format, widest)
    .map((copy) => `${copy.url} ${copy.width}w`)
    .join(', ');
}

/** List pages call this in their loader, so hydration data carries one short object a card, not every variant. */
export function photoOf(image: ImageInfo, fallbackUrl: string | null): Photo | null {
  const src = image?.url ?? fallbackUrl;
  if (!src) return null;
  return {
    src,
    width: image?.width ?? 800,
    height: image?.height ?? 600,
    avif: sourcesOf(image, 'avif'),
    webp: sourcesOf(image, 'webp'),
    color: image?.dominant_color ?? null,
  };
}

/**
 * When a photo is fetched: `lcp` preloaded from <head>, `first` at once, `near` once near the screen
 * (a background the browser fetches only then, docs/decisions/088-photos-near-the-screen.md, or once on it
 * where the browser can tell, docs/decisions/095-photos-wait-for-the-screen.md; drawn later
 * by React, an <img> that lib/first-screen.server.ts brings in). Lite mode shows a `near` photo's colour only.
 */
export type PhotoTiming = 'lcp' | 'first' | 'near';

/** In the format the <picture> will choose; React puts high-priority image preloads first in <head>. */
function preloadPhoto(photo: Photo, sizes: string, srcSets: Record<Format, string | undefined>) {
  const format = srcSets.avif ? 'avif' : srcSets.webp ? 'webp' : null;
  // A browser that cannot show `type` skips the preload and takes the photo from the <picture> as usual.
  preload(photo.src, {
    as: 'image',
    fetchPriority: 'high',
    ...(format ? { type: EXTENSIONS[format], imageSrcSet: srcSets[format], imageSizes: sizes } : {}),
  });
}

/** Characters a photo's address may carry into a CSS string as they are; the rest are percent-encoded. */
const cssUrl = (url: string) => `url("${url.replace(/[^\w/.:~%-]/g, (character) => encodeURIComponent(character))}")`;

/** A format's copies, narrowest first, whether the photo names them by width or in a `srcset`. */
function copiesOf(photo: Photo, format: Format): { url: string; width: number }[] {
  const sources = photo[format];
  if (sources === null) return [];
  if (typeof sources === 'string')
    return sources.split(', ').map((entry) => {
      const [url = '', width = ''] = entry.split(' ');
      return { url, width: Number.parseInt(width, 10) };
    });
  const folder = photo.src.slice(0, photo.src.lastIndexOf('/') + 1);
  return sources.map((width) => ({ url: `${folder}w${width}.${format}`, width }));
}

/** The copies no wider than `widest`, the narrowest always. */
function usableCopies(photo: Photo, format: Format, widest: number) {
  return copiesOf(photo, format).filter((copy, index) => copy.width <= widest || index === 0);
}

/** Of `usable`, the copy for a box `width` device pixels wide: the narrowest as wide, else the widest. */
const copyFor = (usable: { url: string; width: number }[], width: number): string | null =>
  (usable.find((copy) => copy.width >= width) ?? usable.at(-1))?.url ?? null;

/** The CSS that draws a photo as its box's background: one or two densities in each format, old browsers the smallest WebP. */
function backgroundRule(selector: string, photo: Photo, slot: PhotoSlot): string {
  const options: string[] = [];
  const usable = { avif: usableCopies(photo, 'avif', slot.widest), webp: usableCopies(photo, 'webp', slot.widest) };
  for (const format of ['avif', 'webp'] as const) {
    const single = copyFor(usable[format], slot.phone);
    const double = copyFor(usable[format], 2 * slot.phone);
    if (!single || !double) continue;
    const type = `type("${EXTENSIONS[format]}")`;
    options.push(single === double ? `${cssUrl(single)} ${type}` : `${cssUrl(single)} ${type} 1x, ${cssUrl(double)} ${type} 2x`);
  }
  const plain = usable.webp[0]?.url ?? photo.src;
  options.push(`${cssUrl(photo.src)} type("image/jpeg")`);
  const set = `image-set(${options.join(', ')})`;
  // `--photo` is for the browsers that show it as the box comes on screen (app.css); a custom property fetches nothing.
  return `${selector}{background-image:${cssUrl(plain)};background-image:${set};--photo:${set}}`;
}

/**
 * A photo past the first screen as the server draws it: a background of a box the CSS skips while it
 * is far from the screen, so the browser fetches it only as it comes near, without script too.
 */
function LaterPhoto({ photo, alt, slot, className, colour }: { photo: Photo; alt: string; slot: PhotoSlot; className: string; colour: ReactNode }) {
  const rules = useContext(LaterRules);
  const key = `p${hashOf(`${slot.phone} ${photo.src}`)}`;
  if (typeof document === 'undefined') rules?.add(backgroundRule(`.${key}`, photo, slot));
  return (
    <span className={`${className} photo later`}>
      {colour}
      <span className={`later-photo ${key}`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} />
    </span>
  );
}

/** A short name for a photo's CSS rule: the same photo in the same slot twice on a page shares it. */
function hashOf(text: string): string {
  let hash = 5381;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash, 33) ^ text.charCodeAt(at);
  return (hash >>> 0).toString(36);
}

/**
 * AVIF, else WebP, else JPEG, no wider than the slot needs. The box shows the photo's colour while it
 * arrives, as an SVG fill because the Content-Security-Policy forbids style attributes.
 */
export function ResponsiveImage({
  photo,
  alt,
  slot,
  timing,
  className,
}: {
  photo: Photo | null;
  alt: string;
  slot: PhotoSlot;
  timing: PhotoTiming;
  className: string;
}) {
  // Lite mode keeps each photo to its smallest copy, whatever the screen.
  const lite = useLiteMode();
  const serverRendered = useServerRendered();
  if (!photo) return <div className={`${className} image-missing`} role="img" aria-label={alt} />;
  const { sizes } = slot;
  const widest = lite ? 0 : slot.widest;
  const colour = photo.color && (
    <svg className="photo-color" fill={photo.color} aria-hidden="true">
      <rect width="100%" height="100%" />
    </svg>
  );
  if (timing === 'near' && lite) return <span className={`${className} photo`}>{colour}</span>;
  if (timing === 'near' && serverRendered) return <LaterPhoto photo={photo} alt={alt} slot={slot} className={className} colour={colour} />;
  const srcSets = { avif: srcSetOf(photo, 'avif', widest), webp: srcSetOf(photo, 'webp', widest) };
  if (timing === 'lcp') preloadPhoto(photo, sizes, srcSets);
  return (
    <span className={`${className} photo`}>
      {colour}
      <picture>
        {srcSets.avif && <source type="image/avif" srcSet={srcSets.avif} sizes={sizes} />}
        {srcSets.webp && <source type="image/webp" srcSet={srcSets.webp} sizes={sizes} />}
        <img
          src={photo.src}
          alt={alt}
          width={photo.width}
          height={photo.height}
          loading={timing === 'near' ? 'lazy' : 'eager'}
          decoding="async"
          {...(timing === 'near' ? {} : { fetchPriority: 'high' as const })}
        />
      </picture>
    </span>
  );
}
