import { dayInLagos, momentInLagos } from '#rules/dates.ts';
import { priceInNaira } from '#rules/price.ts';

export type PastAd = { reference: string; amount: number; status: string; paid_at?: string | null; starts_at?: string | null; ends_at?: string | null };

const STATUS_WORDS: Record<string, string> = {
  success: 'Paid',
  pending: 'Not finished',
  failed: 'Declined: not charged',
  abandoned: 'Cancelled: not charged',
};

/** A shop's ads and receipts, newest first: what was paid, when, and the month it bought. */
export function AdHistory({ ads }: { ads: PastAd[] }) {
  const paid = ads.filter((ad) => ad.status === 'success');
  return (
    <section className="ad-history" aria-labelledby="ad-history-title">
      <h2 id="ad-history-title">Your ads</h2>
      {ads.length === 0 ? (
        <p>This shop has had no ads yet.</p>
      ) : (
        <>
          <p>
            {paid.length === 1 ? '1 month paid' : `${paid.length} months paid`}, {priceInNaira(paid.reduce((sum, ad) => sum + ad.amount, 0))} in all.
          </p>
          <ul className="ad-receipts">
            {ads.map((ad) => (
              <li key={ad.reference}>
                <strong>{STATUS_WORDS[ad.status] ?? ad.status}</strong> · {priceInNaira(ad.amount)}
                {ad.paid_at && <> · paid {momentInLagos(ad.paid_at)}</>}
                {ad.status === 'success' && ad.starts_at && ad.ends_at && (
                  <>
                    <br />
                    Sponsored {dayInLagos(ad.starts_at)} to {dayInLagos(ad.ends_at)}
                  </>
                )}
                <br />
                <span className="ad-reference">Receipt {ad.reference}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
