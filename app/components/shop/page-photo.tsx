import { type MouseEvent, useRef, useState } from 'react';
import { type PhotoSlot, photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { Shop } from '#app/lib/provider/contract.ts';

/** As shop.css lays the photo out. */
const PHOTO_SLOT: PhotoSlot = { sizes: '(min-width: 75rem) 35.75rem, (min-width: 48rem) calc(50vw - 1.75rem), calc(100vw - 2rem)', widest: 1024, phone: 380 };

/** A shop's or a product's photo, at the top of its page. */
type PhotoOwner = Pick<Shop, 'name' | 'image' | 'image_url'>;

/** Links to the full JPEG, which any browser opens without JavaScript; with it, a dialog keeps the page. */
export function PagePhoto({ of: shop }: { of: PhotoOwner }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const t = useT();
  const fullUrl = shop.image?.url ?? shop.image_url;
  const photo = (
    <ResponsiveImage
      photo={photoOf(shop.image, shop.image_url)}
      alt={t('photo.of', { name: shop.name })}
      slot={PHOTO_SLOT}
      timing="lcp"
      className="shop-photo"
    />
  );
  if (!fullUrl) return <div className="shop-photo-frame">{photo}</div>;

  function showDialog(event: MouseEvent<HTMLAnchorElement>) {
    // Browsers without <dialog> simply follow the link to the JPEG.
    if (typeof dialog.current?.showModal !== 'function') return;
    event.preventDefault();
    setOpen(true);
    dialog.current.showModal();
  }

  return (
    <div className="shop-photo-frame">
      <a href={fullUrl} onClick={showDialog} aria-label={t('photo.viewFull', { name: shop.name })}>
        {photo}
        <span className="photo-hint" aria-hidden="true">
          {t('photo.fullSize')}
        </span>
      </a>
      <dialog
        ref={dialog}
        className="photo-dialog"
        aria-label={t('photo.of', { name: shop.name })}
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      >
        <form method="dialog">
          <button type="submit">{t('photo.close')}</button>
        </form>
        {/* Rendered only while open, so the full JPEG costs data only when someone asks for it. */}
        {open && <img src={fullUrl} alt={shop.name} width={shop.image?.width} height={shop.image?.height} />}
      </dialog>
    </div>
  );
}
