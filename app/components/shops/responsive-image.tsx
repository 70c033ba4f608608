import type { Shop } from '../../lib/provider/contract';

type ImageInfo = Shop['image'];

/**
 * A photo that costs as few bytes as the screen allows: WebP variants by width for browsers that take
 * them, the JPEG otherwise; width and height always set so nothing jumps while it arrives.
 */
export function ResponsiveImage({
  image,
  fallbackUrl,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: ImageInfo;
  fallbackUrl: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const src = image?.url ?? fallbackUrl;
  if (!src) return <div className={`${className ?? ''} image-missing`} role="img" aria-label={alt} />;
  const webp = (image?.variants ?? []).filter((variant) => variant.type === 'image/webp');
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={image?.width ?? 800}
      height={image?.height ?? 600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!webp.length) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={webp.map((variant) => `${variant.url} ${variant.width}w`).join(', ')} sizes={sizes} />
      {img}
    </picture>
  );
}
