import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import { monthInLagos } from '#rules/dates.ts';

/** The checks a shop has passed, each linking to what it proves and what it does not (docs/product.md §4). */
export function ShopChecks({ phoneVerified, stallVisitedAt }: { phoneVerified: boolean; stallVisitedAt: string | null }) {
  const t = useT();
  if (!phoneVerified && !stallVisitedAt) return null;
  return (
    <ul className="shop-checks" aria-label={t('check.list')}>
      {phoneVerified && (
        <li>
          <Link to="/verification#phone">✓ {t('check.phone')}</Link>
        </li>
      )}
      {stallVisitedAt && (
        <li>
          <Link to="/verification#stall">✓ {t('check.stall', { month: monthInLagos(stallVisitedAt, t.language) })}</Link>
        </li>
      )}
    </ul>
  );
}
