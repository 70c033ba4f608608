import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES, orderMove } from '#rules/order-requests.ts';

describe('orderMove', () => {
  it('lets the shop accept or decline a request, ready an accepted order and complete it', () => {
    expect(orderMove('requested', 'accept', 'shop')).toEqual({ ok: true, to: 'accepted' });
    expect(orderMove('requested', 'decline', 'shop')).toEqual({ ok: true, to: 'declined' });
    expect(orderMove('accepted', 'ready', 'shop')).toEqual({ ok: true, to: 'ready' });
    expect(orderMove('ready', 'complete', 'shop')).toEqual({ ok: true, to: 'completed' });
    expect(orderMove('accepted', 'complete', 'shop')).toEqual({ ok: true, to: 'completed' });
  });

  it('lets the buyer cancel only a request not yet accepted', () => {
    expect(orderMove('requested', 'cancel', 'buyer')).toEqual({ ok: true, to: 'cancelled' });
    for (const status of ORDER_STATUSES.filter((status) => status !== 'requested'))
      expect(orderMove(status, 'cancel', 'buyer')).toEqual({ ok: false, reason: 'wrong_status' });
  });

  it("refuses each side the other's actions, and every action on a finished order", () => {
    for (const action of ORDER_ACTIONS.filter((action) => action !== 'cancel')) expect(orderMove('requested', action, 'buyer').ok).toBe(false);
    expect(orderMove('requested', 'cancel', 'shop')).toEqual({ ok: false, reason: 'wrong_side' });
    for (const status of ['declined', 'completed', 'cancelled'] as const)
      for (const action of ORDER_ACTIONS) expect(orderMove(status, action, action === 'cancel' ? 'buyer' : 'shop').ok).toBe(false);
  });
});
