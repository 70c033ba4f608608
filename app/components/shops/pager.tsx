import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** "More shops" as plain links: they work without JavaScript and every page has its own URL. */
export function Pager({ page, nextPage, hrefFor, more }: { page: number; nextPage: number | null; hrefFor: (page: number) => string; more?: string }) {
  const t = useT();
  if (page <= 1 && !nextPage) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev">
          {t('pager.previous')}
        </Link>
      )}
      <span>{t('pager.page', { page })}</span>
      {nextPage && (
        <Link to={hrefFor(nextPage)} rel="next">
          {more ?? t('pager.moreShops')}
        </Link>
      )}
    </nav>
  );
}
