import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import type { ThreadMessage } from '#app/lib/provider/messages-contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { OrderCard } from './order-card';

const WARNING_WORDS: { [Warning in NonNullable<ThreadMessage['warning']>]: MessageKey } = {
  pay_first: 'warning.payFirst',
  account_number: 'warning.accountNumber',
  link: 'warning.link',
};

type Props = {
  message: ThreadMessage;
  side: 'buyer' | 'shop';
  otherName: string;
  threadPath: string;
  /** The first message of an order shows it whole; its answers show as lines. */
  showOrder: boolean;
  orderError?: string;
  /** The other side deleted its account (decision 079). */
  otherDeleted?: boolean;
};

/** The text stays text: React escapes it and a link in it is never made clickable (docs/product.md §5). */
export function ThreadMessageItem({ message, side, otherName, threadPath, showOrder, orderError, otherDeleted = false }: Props) {
  const t = useT();
  const warning = side === 'buyer' && message.warning ? t(WARNING_WORDS[message.warning]) : null;
  return (
    <li className={[message.mine ? 'mine' : 'theirs', message.removed ? 'removed' : ''].join(' ').trim()} id={`m${message.id}`}>
      {/* What Kasuwa itself wrote into the thread (an order's lines, a removal) is said in the reader's language. */}
      <p className="message-body">{message.order || message.removed ? t.said(message.body) : message.body}</p>
      {showOrder && message.order && <OrderCard order={message.order} side={side} threadPath={threadPath} error={orderError} closed={otherDeleted} />}
      <small>
        {message.mine ? t('message.you') : otherName}, <time dateTime={message.created_at}>{momentInLagos(message.created_at, t.language)}</time>
      </small>
      {warning && (
        <p className="message-warning" role="note">
          {warning}
        </p>
      )}
      {/* Reports are kept per shop: a shop gone with its owner's account leaves no one to report. */}
      {!message.mine && !message.removed && !(otherDeleted && side === 'buyer') && (
        <Link to={`${threadPath}/${message.id}/report`} className="report-message" rel="nofollow" aria-label={t('message.reportThis')}>
          {t('message.report')}
        </Link>
      )}
    </li>
  );
}
