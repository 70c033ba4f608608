import { LRUCache } from 'lru-cache';
import type { PaystackClient } from './paystack-client';

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
  const cache = new LRUCache<'nigeria', Bank[]>({
    max: 1,
    ttl: DAY_MS,
    perf: { now },
    // One entry, looked at once a request: no need to reuse the clock's last reading.
    ttlResolution: 0,
    async fetchMethod(_country, kept, { options }) {
      try {
        const banks = (await paystack.banks()).map(({ code, name }) => ({ code, name }));
        return banks.sort((a, b) => a.name.localeCompare(b.name, 'en'));
      } catch (error) {
        if (!kept) throw error;
        options.ttl = RETRY_MS;
        return kept;
      }
    },
  });
  return {
    async banks(): Promise<Bank[]> {
      return (await cache.fetch('nigeria'))!;
    },
  };
}
