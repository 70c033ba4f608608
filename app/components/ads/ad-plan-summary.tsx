import { dayInLagos } from '#rules/dates.ts';
import { AD_PLAN } from '#rules/limits.ts';
import { priceInNaira } from '#rules/price.ts';

/** "Step 1 of 2": where the owner is in the purchase. */
export function AdStep({ step }: { step: 1 | 2 }) {
  return <p className="ad-step">Step {step} of 2</p>;
}

/** What the month buys, and when it starts: a month bought while one runs starts when that one ends. */
export function AdPlanSummary({ sponsoredUntil }: { sponsoredUntil: string | null | undefined }) {
  const running = sponsoredUntil && new Date(sponsoredUntil) > new Date() ? sponsoredUntil : null;
  return (
    <section className="ad-plan" aria-labelledby="ad-plan-title">
      <h2 id="ad-plan-title">One month of ads</h2>
      <p className="ad-plan-price">{priceInNaira(AD_PLAN.priceNaira)}</p>
      <ul>
        <li>Your shop shows first on the home page, with a Sponsored badge.</li>
        <li>It is marked Ad at the top of search results.</li>
        <li>{running ? `Your current month ends on ${dayInLagos(running)}; this one starts then.` : 'It starts as soon as you have paid.'}</li>
        <li>Paid once, by card, bank transfer or USSD through Paystack. Nothing renews by itself.</li>
      </ul>
    </section>
  );
}
