import { useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import type { loader as suggestionsLoader } from '#app/routes/resources/search-suggestions.ts';

const DEBOUNCE_MS = 250;

/** Uncontrolled, so hydrating keeps words typed before the scripts arrived on a slow phone, and suggests for them. */
export function SearchBox({ id, label }: { id: string; label: string }) {
  const fetcher = useFetcher<typeof suggestionsLoader>();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const t = useT();

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
    <>
      <Form method="get" action="/searchResults" role="search" aria-labelledby={`${id}-label`}>
        <label htmlFor={id} id={`${id}-label`} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          ref={input}
          onChange={(event) => onInput(event.currentTarget.value)}
        />
        <button type="submit">{t('search.button')}</button>
      </Form>
      {results.length > 0 && (
        <ul className="suggestions" aria-label={t('search.suggestions')}>
          {results.map((shop) => (
            <li key={shop.id}>
              <Link to={`/shop/${shop.id}`}>
                {shop.name} <small>{shop.category}</small>
              </Link>
            </li>
          ))}
          <li>
            <Link to={`/searchResults?q=${encodeURIComponent(query.trim())}`}>{t('search.allResults')}</Link>
          </li>
        </ul>
      )}
    </>
  );
}
