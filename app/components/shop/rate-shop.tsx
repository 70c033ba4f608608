import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { MSG } from '../../lib/rules/messages';
import { StarIcon } from '../icons';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * SPEC's Rate Shop overlay: 1 to 5 stars and optional text, not submitted. The overlay is a `<details>`,
 * so it opens and closes without JavaScript (its summary becomes the Close button).
 *
 * Without JavaScript, "Submit rating" is a GET to this same page with `?rated=1`, which only shows the
 * thanks; the comment box has no `name`, so what a person writes never leaves the phone. With JavaScript
 * nothing is sent at all.
 */
export function RateShop({ shopName, thankedFromUrl }: { shopName: string; thankedFromUrl: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [thanked, setThanked] = useState(thankedFromUrl);

  function close() {
    if (details.current) details.current.open = false;
  }

  function thank(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.currentTarget.reset();
    setThanked(true);
    close();
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === 'Escape' && details.current?.open) {
      close();
      details.current.querySelector('summary')?.focus();
    }
  }

  return (
    <div className="rate-shop">
      <details ref={details} className="overlay-toggle" onKeyDown={closeOnEscape}>
        <summary className="button secondary">
          <StarIcon />
          <span className="when-closed">Rate Shop</span>
          <span className="when-open">Close</span>
        </summary>
        <div className="overlay">
          <form method="get" action="#rate-shop-thanks" className="overlay-card" onSubmit={thank}>
            <h2>Rate {shopName}</h2>
            <input type="hidden" name="rated" value="1" />
            <fieldset className="rate-stars">
              <legend>Your rating</legend>
              {STARS.map((stars) => (
                <StarChoice key={stars} stars={stars} />
              ))}
            </fieldset>
            <label htmlFor="rate-comment">Your comments (optional)</label>
            <textarea id="rate-comment" rows={3} maxLength={500} />
            <button type="submit">Submit rating</button>
          </form>
        </div>
      </details>
      <p id="rate-shop-thanks" className="rate-thanks" role="status">
        {thanked && MSG.ratingThanks}
      </p>
    </div>
  );
}

/** A radio drawn as a star; shop.css fills the stars up to the chosen one. Arrow keys move between them. */
function StarChoice({ stars }: { stars: number }) {
  const id = `rate-${stars}`;
  return (
    <>
      <input id={id} type="radio" name="stars" value={stars} required className="visually-hidden" />
      <label htmlFor={id}>
        <StarIcon />
        <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
      </label>
    </>
  );
}
