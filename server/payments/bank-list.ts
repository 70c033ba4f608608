import type { PaystackBank, PaystackClient } from './paystack-client';

const DAY_MS = 24 * 60 * 60_000;
/** While Paystack is down, how long the last list serves before Paystack is asked again. */
const RETRY_MS = 5 * 60_000;

export type Bank = { code: string; name: string };

/**
 * Paystack's list of Nigeria's banks, asked for once a day per process. When Paystack cannot answer, the
 * last list serves on for a few minutes at a time: banks rarely change, and no page waits on Paystack's
 * silence each time.
 */
export function bankList(paystack: Pick<PaystackClient, 'banks'>, now = () => Date.now()) {
  let kept: { banks: Bank[]; at: number } | undefined;
  let asking: Promise<Bank[]> | undefined;

  async function ask(): Promise<Bank[]> {
    try {
      const banks = (await paystack.banks()).map(({ code, name }: PaystackBank) => ({ code, name }));
      banks.sort((a, b) => a.name.localeCompare(b.name, 'en'));
      kept = { banks, at: now() };
      return banks;
    } catch (error) {
      if (!kept) throw error;
      kept = { banks: kept.banks, at: now() - DAY_MS + RETRY_MS };
      return kept.banks;
    } finally {
      asking = undefined;
    }
  }

  return {
    async banks(): Promise<Bank[]> {
      if (kept && now() - kept.at < DAY_MS) return kept.banks;
      asking ??= ask();
      return asking;
    },
  };
}
