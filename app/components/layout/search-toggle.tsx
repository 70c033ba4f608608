import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SearchIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { SearchBox } from './search-box';

/** Hydrating must not close a panel opened before the scripts arrived; only a navigation closes it. */
export function SearchToggle() {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const place = location.pathname + location.search;
  const shownPlace = useRef(place);
  const t = useT();

  useEffect(() => {
    if (place === shownPlace.current) return;
    shownPlace.current = place;
    if (details.current) details.current.open = false;
  }, [place]);

  return (
    <details className="search-toggle" ref={details}>
      <summary aria-label={t('search.toggle')}>
        <SearchIcon />
      </summary>
      <div className="search-panel">
        <SearchBox id="site-search" label={t('search.label')} />
      </div>
    </details>
  );
}
