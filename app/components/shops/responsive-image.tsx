import type { Shop } from '../../lib/provider/contract';

type ImageInfo = Shop['image'];

/** What the <img> and its WebP <source> need, worked out from the provider's image. */
export type Photo = { src: string; width: number; height: number; webpSrcSet: string | null };

/**
 * The photo to show for a provider image, or null when there is none. List pages work it out in their
 * loader, so their hydration data carries one short object a card instead of the provider's image with
 * its variants (a third of the list's values, each serialised on every render).
 */
export function photoOf(image: ImageInfo, fallbackUrl: string | null): Photo | null {
  const src = image?.url ?? fallbackUrl;
  if (!src) return null;
  const webp = (image?.variants ?? []).filter((variant) => variant.type === 'image/webp');
  return {
    src,
    width: image?.width ?? 800,
    height: image?.height ?? 600,
    webpSrcSet: webp.length ? webp.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : null,
  };
}

/**
 * A photo that costs as few bytes as the screen allows: WebP variants by width for browsers that take
 * them, the JPEG otherwise; width and height always set so nothing jumps while it arrives.
 */
export function ResponsiveImage({
  photo,
  alt,
  sizes,
  eager = false,
  className,
}: {
  photo: Photo | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  if (!photo) return <div className={`${className ?? ''} image-missing`} role="img" aria-label={alt} />;
  const img = (
    <img
      className={className}
      src={photo.src}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!photo.webpSrcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
