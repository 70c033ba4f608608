import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StarIcon } from '../../components/icons';
import { STATIC_PAGE_CACHE } from '../../lib/cache';
import { canonical, originFrom } from '../../lib/seo';
import stylesheet from '../../styles/rating.css?url';
import type { Route } from './+types/rating';

const STARS = [1, 2, 3, 4, 5] as const;
const THANKS = 'Thanks! Ratings are coming soon.';
const STARS_MISSING = 'Please choose from 1 to 5 stars.';

type Outcome = 'thanks' | 'missing' | null;

/** What a submitted form (the query of a GET without JavaScript, or FormData with it) comes to. */
function outcomeOf(values: URLSearchParams): Outcome {
  if (!values.has('rate') && !values.has('stars')) return null;
  return /^[1-5]$/.test(values.get('stars') ?? '') ? 'thanks' : 'missing';
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function headers() {
  return STATIC_PAGE_CACHE;
}

// SPEC §5: the rating is not submitted. Without JavaScript the form reloads this page with `?stars=`, which only
// decides the message; with JavaScript nothing leaves the phone at all.
export default function Rating() {
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(() => outcomeOf(params));
  const chosen = outcome === 'thanks' ? Number(params.get('stars')) : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new URLSearchParams({ rate: '1' });
    const stars = new FormData(event.currentTarget).get('stars');
    if (typeof stars === 'string') values.set('stars', stars);
    setOutcome(outcomeOf(values));
  }

  return (
    <main className="rating">
      <h1 className="section-title">Rate your experience</h1>
      {/* noValidate: our own message, in the page, is clearer on old browsers than a native bubble over a star. */}
      <form method="get" action="/rating" noValidate onSubmit={onSubmit} onChange={() => outcome === 'missing' && setOutcome(null)}>
        <fieldset className="stars" aria-describedby="stars-message">
          <legend>How many stars?</legend>
          {STARS.map((count) => (
            <label key={count} className="star-choice">
              <input type="radio" name="stars" value={count} defaultChecked={count === chosen} className="visually-hidden" />
              <StarIcon />
              <span className="visually-hidden">{count === 1 ? '1 star' : `${count} stars`}</span>
            </label>
          ))}
        </fieldset>
        <p id="stars-message" className="field-error" role="alert">
          {outcome === 'missing' ? STARS_MISSING : null}
        </p>
        <label htmlFor="rating-text">Tell others about it (optional)</label>
        {/* No name: the text is never submitted, so it does not ride in the address either. */}
        <textarea id="rating-text" rows={4} maxLength={1000} />
        <button type="submit" name="rate" value="1">
          Submit rating
        </button>
      </form>
      <div role="status">
        {outcome === 'thanks' && (
          <p className="notice success">
            {THANKS} <Link to="/">Back to shops</Link>
          </p>
        )}
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Rate your experience · Kasuwa' },
    { name: 'description', content: 'Rate a shop on Kasuwa from 1 to 5 stars. Ratings are coming soon.' },
    canonical(originFrom(matches), '/rating'),
  ];
}
