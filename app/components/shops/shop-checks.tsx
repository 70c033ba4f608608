import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import { monthInLagos } from '#rules/dates.ts';

/** The checks a shop has passed, each linking to what it proves and what it does not (docs/product.md §4). */
export function ShopChecks({ phoneVerified, stallVisitedAt, bankMatched }: { phoneVerified: boolean; stallVisitedAt: string | null; bankMatched: boolean }) {
  const t = useT();
  if (!phoneVerified && !stallVisitedAt && !bankMatched) return null;
  return (
    <ul className="shop-checks" aria-label={t('check.list')}>
      {phoneVerified && (
        <li>
          <Link to="/verification#phone">✓ {t('check.phone')}</Link>
        </li>
      )}
      {bankMatched && (
        <li>
          <Link to="/verification#bank">✓ {t('check.bank')}</Link>
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

/** The matched account as buyers may check it against what their bank shows before they send money. */
export function BankMatchLine({ match }: { match: { bank_name: string; account_last4: string; account_name: string } | null }) {
  const t = useT();
  if (!match) return null;
  return <p className="bank-match">{t('check.bankDetail', { bank: match.bank_name, last4: match.account_last4, name: match.account_name })}</p>;
}
