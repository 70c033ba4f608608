import { useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher, useLocation } from 'react-router';
import type { loader as suggestionsLoader } from '../../routes/resources/search-suggestions';
import { SearchIcon } from '../icons';

const DEBOUNCE_MS = 250;

/**
 * The header's search: a `<details>` with a GET form to /searchResults, which works without JavaScript.
 * With JavaScript, live suggestions (SPEC §9: up to 5) come from a resource route while typing.
 * On a slow phone the visitor often opens it and types before the scripts arrive: hydrating must
 * neither close the panel nor empty the box, so the input is uncontrolled and only a navigation closes it.
 */
export function SearchToggle() {
  const fetcher = useFetcher<typeof suggestionsLoader>();
  const [query, setQuery] = useState('');
  const details = useRef<HTMLDetailsElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const place = location.pathname + location.search;
  const shownPlace = useRef(place);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (place === shownPlace.current) return;
    shownPlace.current = place;
    if (details.current) details.current.open = false;
  }, [place]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration, for words typed before it
  useEffect(() => {
    const typedBeforeHydration = input.current?.value;
    if (typedBeforeHydration) onInput(typedBeforeHydration);
    return () => clearTimeout(timer.current);
  }, []);

  function onInput(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    const q = value.trim();
    // fetcher.load cancels the request still in flight, so a stale answer never replaces a newer one.
    if (q) timer.current = setTimeout(() => fetcher.load(`/search-suggestions?q=${encodeURIComponent(q)}`), DEBOUNCE_MS);
  }

  const results = query.trim() ? (fetcher.data?.results ?? []) : [];
  return (
    <details className="search-toggle" ref={details}>
      <summary aria-label="Search">
        <SearchIcon />
      </summary>
      <div className="search-panel">
        <Form method="get" action="/searchResults" role="search">
          <label htmlFor="site-search" className="visually-hidden">
            Search shops
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            placeholder="Search shops, products, places"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            ref={input}
            onChange={(event) => onInput(event.currentTarget.value)}
          />
          <button type="submit">Search</button>
        </Form>
        {results.length > 0 && (
          <ul className="suggestions" aria-label="Suggestions">
            {results.map((shop) => (
              <li key={shop.id}>
                <Link to={`/shop/${shop.id}`}>
                  {shop.name} <small>{shop.category}</small>
                </Link>
              </li>
            ))}
            <li>
              <Link to={`/searchResults?q=${encodeURIComponent(query.trim())}`}>View all results</Link>
            </li>
          </ul>
        )}
      </div>
    </details>
  );
}
