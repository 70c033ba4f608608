import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { StarIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { OverlayRatingForm } from './overlay-rating-form';
import type { CurrentRating } from './rating-fields';

/** A `<details>`, so the overlay opens and closes without JavaScript; the form comes back here with `?rated=1`. */
export function RateShop({
  shop,
  signedIn,
  ownShop,
  current,
  thanked,
}: {
  shop: { id: string; name: string };
  signedIn: boolean;
  /** The visitor owns it: told they cannot rate it, rather than given a form. */
  ownShop: boolean;
  current: CurrentRating;
  thanked: boolean;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const shopPath = `/shop/${encodeURIComponent(shop.id)}`;
  const t = useT();

  // Back from saving, the overlay a client-side navigation kept open closes.
  useEffect(() => {
    if (thanked && details.current) details.current.open = false;
  }, [thanked]);

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === 'Escape' && details.current?.open) {
      details.current.open = false;
      details.current.querySelector('summary')?.focus();
    }
  }

  return (
    <div className="rate-shop">
      <details ref={details} className="overlay-toggle" onKeyDown={closeOnEscape}>
        <summary className="button secondary">
          <StarIcon />
          <span className="when-closed">{current ? t('rate.edit') : t('rate.open')}</span>
          <span className="when-open">{t('rate.close')}</span>
        </summary>
        <div className="overlay">
          <div className="overlay-card">
            <h2>{t('rate.title', { name: shop.name })}</h2>
            {ownShop ? (
              <p>{t('rate.own')}</p>
            ) : signedIn ? (
              <OverlayRatingForm shopId={shop.id} current={current} />
            ) : (
              <p>
                <Link to={`/login?${new URLSearchParams({ redirectTo: shopPath })}`} className="button">
                  {t('rate.signIn')}
                </Link>
              </p>
            )}
          </div>
        </div>
      </details>
      <p id="rate-shop-thanks" className="rate-thanks" role="status">
        {thanked && t('rate.thanks')}
      </p>
    </div>
  );
}
