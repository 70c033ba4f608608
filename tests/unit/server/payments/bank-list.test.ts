import { describe, expect, it } from 'vitest';
import { bankList } from '#server/payments/bank-list.ts';

const HOUR = 60 * 60_000;

/** A Paystack whose answers the test sets, counting what it was asked. */
function fakePaystack() {
  const fake = {
    asked: 0,
    down: false,
    banks: [
      { name: 'Zenith Bank', code: '057' },
      { name: 'Access Bank', code: '044' },
    ],
  };
  return {
    fake,
    paystack: {
      banks: async () => {
        fake.asked += 1;
        if (fake.down) throw new Error('Paystack did not answer');
        return fake.banks;
      },
    },
  };
}

describe("Paystack's bank list", () => {
  it('is asked for once a day, sorted by name, and once for callers that ask together', async () => {
    let clock = HOUR;
    const { fake, paystack } = fakePaystack();
    const list = bankList(paystack, () => clock);
    const [first, second] = await Promise.all([list.banks(), list.banks()]);
    expect(first).toEqual([
      { code: '044', name: 'Access Bank' },
      { code: '057', name: 'Zenith Bank' },
    ]);
    expect(second).toBe(first);
    clock += 23 * HOUR;
    await list.banks();
    expect(fake.asked).toBe(1);
    clock += 2 * HOUR;
    await list.banks();
    expect(fake.asked).toBe(2);
  });

  it('serves the last list while Paystack is down, asking again only every few minutes', async () => {
    let clock = HOUR;
    const { fake, paystack } = fakePaystack();
    const list = bankList(paystack, () => clock);
    await list.banks();
    fake.down = true;
    clock += 25 * HOUR;
    expect(await list.banks()).toHaveLength(2);
    expect(await list.banks()).toHaveLength(2);
    expect(fake.asked).toBe(2);
    clock += 6 * 60_000;
    await list.banks();
    expect(fake.asked).toBe(3);
  });

  it('fails when Paystack is down and no list was ever kept', async () => {
    const { fake, paystack } = fakePaystack();
    fake.down = true;
    await expect(bankList(paystack).banks()).rejects.toThrow('Paystack did not answer');
  });
});
