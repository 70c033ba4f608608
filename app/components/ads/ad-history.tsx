import { useT } from '#app/lib/i18n/words.ts';
import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { priceInNaira } from '#rules/naira.ts';

export type PastAd = { reference: string; amount: number; status: string; paid_at?: string | null; starts_at?: string | null; ends_at?: string | null };

const STATUS_WORDS: Record<string, MessageKey> = {
  success: 'ads.status.success',
  pending: 'ads.status.pending',
  failed: 'ads.status.failed',
  abandoned: 'ads.status.abandoned',
};

/** A shop's ads and receipts, newest first: what was paid, when, and the month it bought. */
export function AdHistory({ ads }: { ads: PastAd[] }) {
  const t = useT();
  const paid = ads.filter((ad) => ad.status === 'success');
  const status = (value: string) => (Object.hasOwn(STATUS_WORDS, value) ? t(STATUS_WORDS[value]!) : value);
  return (
    <section className="ad-history" aria-labelledby="ad-history-title">
      <h2 id="ad-history-title">{t('ads.history')}</h2>
      {ads.length === 0 ? (
        <p>{t('ads.historyNone')}</p>
      ) : (
        <>
          <p>{t('ads.monthsPaid', { count: paid.length, total: priceInNaira(paid.reduce((sum, ad) => sum + ad.amount, 0)) })}</p>
          <ul className="ad-receipts">
            {ads.map((ad) => (
              <li key={ad.reference}>
                <strong>{status(ad.status)}</strong> · {priceInNaira(ad.amount)}
                {ad.paid_at && <> · {t('ads.paidAt', { moment: momentInLagos(ad.paid_at, t.language) })}</>}
                {ad.status === 'success' && ad.starts_at && ad.ends_at && (
                  <>
                    <br />
                    {t('ads.sponsoredFromTo', { from: dayInLagos(ad.starts_at, t.language), to: dayInLagos(ad.ends_at, t.language) })}
                  </>
                )}
                <br />
                <span className="ad-reference">{t('ads.receipt', { reference: ad.reference })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
