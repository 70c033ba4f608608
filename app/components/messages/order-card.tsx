import { Form } from 'react-router';
import { ORDER_STATUS_WORDS } from '#app/lib/i18n/order-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { Order } from '#app/lib/provider/messages-contract.ts';
import { ORDER_NOTE_MAX } from '#rules/limits.ts';
import { priceInNaira } from '#rules/naira.ts';
import { orderMove } from '#rules/order-requests.ts';

const SHOP_MOVES = [
  ['accept', 'orderCard.accept'],
  ['decline', 'orderCard.decline'],
  ['ready', 'orderCard.ready'],
  ['complete', 'orderCard.complete'],
] as const;

/** An order request as both sides see it, with its status now and the answers the viewer may give. */
export function OrderCard({
  order,
  side,
  threadPath,
  error,
  closed = false,
}: {
  order: Order;
  side: 'buyer' | 'shop';
  threadPath: string;
  error?: string;
  /** The other side deleted its account: nothing can be answered any more. */
  closed?: boolean;
}) {
  const t = useT();
  const moves = side === 'shop' ? SHOP_MOVES : ([['cancel', 'orderCard.cancel']] as const);
  const allowed = closed ? [] : moves.filter(([move]) => orderMove(order.status, move, side).ok);
  const canDecline = allowed.some(([move]) => move === 'decline');
  return (
    <div className="order-card">
      <table>
        <caption>{t('orderCard.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orderCard.product')}</th>
            <th scope="col">{t('orderCard.qty')}</th>
            <th scope="col">{t('orderCard.price')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td>{priceInNaira(line.unit_price * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('orderCard.total')}
            </th>
            <td>{priceInNaira(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      {order.note && <p className="order-note">{t('orderCard.note', { note: order.note })}</p>}
      <p className={`order-status status-${order.status}`}>{t('orderCard.status', { status: t(ORDER_STATUS_WORDS[order.status]) })}</p>
      {order.decline_reason && <p>{t('orderCard.reason', { reason: order.decline_reason })}</p>}
      <p className="order-no-payment">{t('orderCard.noPayment')}</p>
      {error && (
        <p className="notice error" role="alert">
          {t.said(error)}
        </p>
      )}
      {allowed.length > 0 && (
        <Form method="post" action={threadPath} className="order-moves">
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="order" value={order.id} />
          {canDecline && (
            <div className="field">
              <label htmlFor={`reason-${order.id}`}>{t('orderCard.declineReason')}</label>
              <input id={`reason-${order.id}`} name="reason" maxLength={ORDER_NOTE_MAX} />
            </div>
          )}
          <div className="order-buttons">
            {allowed.map(([move, label]) => (
              <button key={move} type="submit" name="move" value={move} className={move === 'decline' || move === 'cancel' ? 'secondary' : undefined}>
                {t(label)}
              </button>
            ))}
          </div>
        </Form>
      )}
    </div>
  );
}
