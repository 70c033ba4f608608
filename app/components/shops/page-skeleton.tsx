import type { PendingSkeleton } from '#app/lib/pending.ts';
import { SkeletonGrid } from './shop-grid';

/** Stands in for a list page while its data is on the way, so a tap shows at once on a slow connection. */
export function PageSkeleton({ title, cards, label }: PendingSkeleton) {
  return (
    <main>
      <h1 className="section-title">{title}</h1>
      <SkeletonGrid count={cards} label={label} />
    </main>
  );
}
