import { useT } from '#app/lib/i18n/words.ts';
import type { PendingSkeleton } from '#app/lib/pending.ts';

/** Stands in for a list page while its data is on the way, so a tap shows at once on a slow connection. */
export function PageSkeleton({ title, cards, label }: PendingSkeleton) {
  const t = useT();
  return (
    <main>
      <h1 className="section-title">{t(title)}</h1>
      <SkeletonGrid count={cards} label={t(label)} />
    </main>
  );
}

/** Placeholder cards while a navigation is pending; apart from the shop grid, which every page's layout would otherwise carry. */
function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <ul className="shop-grid" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="shop-card skeleton" aria-hidden="true">
          <span className="card-image" />
          <span className="card-name" />
          <span className="card-meta" />
        </li>
      ))}
    </ul>
  );
}
