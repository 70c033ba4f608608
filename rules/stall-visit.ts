import { STALL_VISIT_DAYS } from './limits';

const DAY_MS = 24 * 60 * 60_000;

/** A visit shows for STALL_VISIT_DAYS; after that a stall may have moved or changed hands (docs/product.md §4). */
export function stallVisitShown(visitedAt: Date | null, now: Date): Date | null {
  return visitedAt && now.getTime() - visitedAt.getTime() < STALL_VISIT_DAYS * DAY_MS ? visitedAt : null;
}
