import { Link } from 'react-router';

/** "More shops" as plain links: they work without JavaScript and every page has its own URL. */
export function Pager({
  page,
  nextPage,
  hrefFor,
  more = 'More shops',
}: {
  page: number;
  nextPage: number | null;
  hrefFor: (page: number) => string;
  more?: string;
}) {
  if (page <= 1 && !nextPage) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev">
          Previous page
        </Link>
      )}
      <span>Page {page}</span>
      {nextPage && (
        <Link to={hrefFor(nextPage)} rel="next">
          {more}
        </Link>
      )}
    </nav>
  );
}
