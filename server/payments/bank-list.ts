import type { PaystackBank, PaystackClient } from './paystack-client';

const DAY_MS = 24 * 60 * 60_000;

export type Bank = { code: string; name: string };

/**
 * Paystack's list of Nigeria's banks, asked for once a day per process. When Paystack cannot answer, the
 * last list serves on: banks rarely change, and owners can still check their account.
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
      if (kept) return kept.banks;
      throw error;
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
