import { preload } from 'react-dom';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import type { Shop } from '#app/lib/provider/contract.ts';

type ImageInfo = Shop['image'];

/**
 * A `srcset`, or only its widths when the copies lie beside the main photo as `w{width}.{extension}` (our
 * provider's layout): the page's hydration data then carries a few numbers a card instead of two long lists.
 */
type Sources = string | number[];

/** What the <picture> needs, worked out from the provider's image. */
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

/**
 * The same widths in every photo of a list are one array, so the hydration data names it once. Bounded:
 * a provider cannot grow it without end.
 */
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

/** The slot a photo fills: `sizes` as the CSS lays it out, and the widest copy any screen it shows on can use. */
export type PhotoSlot = { sizes: string; widest: number };

function srcSetOf(photo: Photo, format: Format, widest: number): string | undefined {
  const sources = photo[format];
  if (sources === null || typeof sources === 'string') return sources ?? undefined;
  const folder = photo.src.slice(0, photo.src.lastIndexOf('/') + 1);
  const usable = sources.filter((width, index) => width <= widest || index === 0);
  return usable.map((width) => `${folder}w${width}.${format} ${width}w`).join(', ');
}

/**
 * The photo to show for a provider image, or null when there is none. List pages work it out in their
 * loader, so their hydration data carries one short object a card instead of the provider's image with
 * its variants (a third of the list's values, each serialised on every render).
 */
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
 * When a photo is fetched. `lcp`: the page's largest, asked for from the top of <head> before anything
 * else; `first`: the rest of the first row, at once and ahead of other images; `near`: once it is on
 * screen, which for the rest of the first screenful is as soon as the first row has arrived (the rule lives
 * in lib/first-screen.server.ts; without JavaScript the browser fetches it at once, at a lower priority);
 * `colour`: never, its box shows the photo's colour only (Lite mode's cards past the first screenful).
 */
export type PhotoTiming = 'lcp' | 'first' | 'near' | 'colour';

/** Asks for the photo from <head> (React puts high-priority image preloads first), in the format the <picture> will choose. */
function preloadPhoto(photo: Photo, sizes: string, srcSets: Record<Format, string | undefined>) {
  const format = srcSets.avif ? 'avif' : srcSets.webp ? 'webp' : null;
  // A browser that cannot show `type` skips the preload and takes the photo from the <picture> as usual.
  preload(photo.src, {
    as: 'image',
    fetchPriority: 'high',
    ...(format ? { type: EXTENSIONS[format], imageSrcSet: srcSets[format], imageSizes: sizes } : {}),
  });
}

/**
 * A photo that costs as few bytes as the screen allows: AVIF, else WebP, by width for the slot `sizes`
 * describes, the JPEG for browsers that take neither; its box is sized by CSS and filled with the photo's
 * own colour while it arrives, so nothing jumps and no card is an empty box. The colour is an inline
 * SVG's fill, which the Content-Security-Policy allows where a style attribute would not.
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
  if (!photo) return <div className={`${className} image-missing`} role="img" aria-label={alt} />;
  const { sizes } = slot;
  const widest = lite ? 0 : slot.widest;
  const colour = photo.color && (
    <svg className="photo-color" fill={photo.color} aria-hidden="true">
      <rect width="100%" height="100%" />
    </svg>
  );
  if (timing === 'colour') return <span className={`${className} photo`}>{colour}</span>;
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
