import { type PhotoSlot, photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { Product } from '#app/lib/provider/contract.ts';

/** As shop.css lays a thumbnail out: 6rem wide, so the smallest copy serves every screen. */
const THUMB_SLOT: PhotoSlot = { sizes: '6rem', widest: 320, phone: 96 };

/** The photos after the cover, small and lazy; each a link to its full JPEG, which works without JavaScript. */
export function MorePhotos({ product }: { product: Pick<Product, 'name' | 'photos'> }) {
  const { name, photos } = product;
  const t = useT();
  if (!photos.length) return null;
  const count = photos.length + 1;
  return (
    <ul className="more-photos-row" aria-label={t('photos.more', { name })}>
      {photos.map((photo, at) => (
        <li key={photo.key}>
          <a href={photo.image?.url ?? photo.image_url} aria-label={t('photos.viewFull', { name, at: at + 2, count })}>
            <ResponsiveImage
              photo={photoOf(photo.image, photo.image_url)}
              alt={t('photos.alt', { name, at: at + 2, count })}
              slot={THUMB_SLOT}
              timing="near"
              className="thumb-photo"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
