import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** The way back from writing or ordering to the shop's page. */
export function BackToShop({ shopId, shopName }: { shopId: string; shopName: string }) {
  const t = useT();
  return (
    <p>
      <Link to={`/shop/${encodeURIComponent(shopId)}`}>{t('messageShop.back', { name: shopName })}</Link>
    </p>
  );
}
