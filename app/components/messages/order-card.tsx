import { Form } from 'react-router';
import type { Order } from '#app/lib/provider/messages-contract.ts';
import { ORDER_NOTE_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { orderMove } from '#rules/order-requests.ts';
import { priceInNaira } from '#rules/price.ts';

const SHOP_MOVES = [
  ['accept', 'Accept'],
  ['decline', 'Decline'],
  ['ready', 'Ready'],
  ['complete', 'Completed'],
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
  const moves = side === 'shop' ? SHOP_MOVES : ([['cancel', 'Cancel request']] as const);
  const allowed = closed ? [] : moves.filter(([move]) => orderMove(order.status, move, side).ok);
  const canDecline = allowed.some(([move]) => move === 'decline');
  return (
    <div className="order-card">
      <table>
        <caption>Order request</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
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
              Total
            </th>
            <td>{priceInNaira(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      {order.note && <p className="order-note">Note: {order.note}</p>}
      <p className={`order-status status-${order.status}`}>Status: {MSG.orderStatusWords[order.status]}</p>
      {order.decline_reason && <p>Reason: {order.decline_reason}</p>}
      <p className="order-no-payment">{MSG.orderNoPayment}</p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {allowed.length > 0 && (
        <Form method="post" action={threadPath} className="order-moves">
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="order" value={order.id} />
          {canDecline && (
            <div className="field">
              <label htmlFor={`reason-${order.id}`}>Reason if you decline (optional)</label>
              <input id={`reason-${order.id}`} name="reason" maxLength={ORDER_NOTE_MAX} />
            </div>
          )}
          <div className="order-buttons">
            {allowed.map(([move, label]) => (
              <button key={move} type="submit" name="move" value={move} className={move === 'decline' || move === 'cancel' ? 'secondary' : undefined}>
                {label}
              </button>
            ))}
          </div>
        </Form>
      )}
    </div>
  );
}
