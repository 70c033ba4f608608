import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** The checks a shop has passed, each linking to what it proves and what it does not (docs/product.md, Phone verified). */
export function ShopChecks({ phoneVerified }: { phoneVerified: boolean }) {
  const t = useT();
  if (!phoneVerified) return null;
  return (
    <ul className="shop-checks" aria-label={t('check.list')}>
      <li>
        <Link to="/verification#phone">✓ {t('check.phone')}</Link>
      </li>
    </ul>
  );
}
