import { useT } from '#app/lib/i18n/words.ts';
import { dayInLagos } from '#rules/dates.ts';
import { AD_PLAN } from '#rules/limits.ts';
import { priceInNaira } from '#rules/naira.ts';

/** "Step 1 of 2": where the owner is in the purchase. */
export function AdStep({ step }: { step: 1 | 2 }) {
  const t = useT();
  return <p className="ad-step">{t('ads.step', { step })}</p>;
}

/** What the month buys, and when it starts: a month bought while one runs starts when that one ends. */
export function AdPlanSummary({ sponsoredUntil }: { sponsoredUntil: string | null | undefined }) {
  const t = useT();
  const running = sponsoredUntil && new Date(sponsoredUntil) > new Date() ? sponsoredUntil : null;
  return (
    <section className="ad-plan" aria-labelledby="ad-plan-title">
      <h2 id="ad-plan-title">{t('ads.planTitle')}</h2>
      <p className="ad-plan-price">{priceInNaira(AD_PLAN.priceNaira)}</p>
      <ul>
        <li>{t('ads.planFirst')}</li>
        <li>{t('ads.planSearch')}</li>
        <li>{running ? t('ads.planStartsAfter', { date: dayInLagos(running, t.language) }) : t('ads.planStartsNow')}</li>
        <li>{t('ads.planPaidOnce')}</li>
      </ul>
    </section>
  );
}
