import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { StarIcon } from '#app/components/icons.tsx';
import { MSG } from '#rules/messages.ts';
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
          <span className="when-closed">{current ? 'Edit your rating' : 'Rate Shop'}</span>
          <span className="when-open">Close</span>
        </summary>
        <div className="overlay">
          <div className="overlay-card">
            <h2>Rate {shop.name}</h2>
            {ownShop ? (
              <p>{MSG.ownShopRating}</p>
            ) : signedIn ? (
              <OverlayRatingForm shopId={shop.id} current={current} />
            ) : (
              <p>
                <Link to={`/login?${new URLSearchParams({ redirectTo: shopPath })}`} className="button">
                  Sign in to rate
                </Link>
              </p>
            )}
          </div>
        </div>
      </details>
      <p id="rate-shop-thanks" className="rate-thanks" role="status">
        {thanked && MSG.ratingSaved}
      </p>
    </div>
  );
}
