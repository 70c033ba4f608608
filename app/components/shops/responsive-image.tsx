import { preload } from 'react-dom';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import type { Shop } from '#app/lib/provider/contract.ts';

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

/** The slot a photo fills: `sizes` as the CSS lays it out, and the widest copy any screen it shows on can use. */
export type PhotoSlot = { sizes: string; widest: number };

function srcSetOf(photo: Photo, format: Format, widest: number): string | undefined {
  const sources = photo[format];
  if (sources === null || typeof sources === 'string') return sources ?? undefined;
  const folder = photo.src.slice(0, photo.src.lastIndexOf('/') + 1);
  const usable = sources.filter((width, index) => width <= widest || index === 0);
  return usable.map((width) => `${folder}w${width}.${format} ${width}w`).join(', ');
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
 * When a photo is fetched: `lcp` preloaded from <head>, `first` at once, `near` once on screen
 * (lib/first-screen.server.ts), `colour` never (Lite mode past the first screenful).
 */
export type PhotoTiming = 'lcp' | 'first' | 'near' | 'colour';

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
