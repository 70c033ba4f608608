import { Link } from 'react-router';
import { ORDER_STATUS_WORDS } from '#app/lib/i18n/order-words.ts';
import { type Translate, useT } from '#app/lib/i18n/words.ts';
import type { InboxThread } from '#app/lib/provider/messages-contract.ts';
import { momentInLagos } from '#rules/dates.ts';

/** The last line, whose it was, and the state of an order it belongs to. */
function preview(t: Translate, last: InboxThread['last_message']): string {
  const text = last.mine ? t('inbox.you', { text: last.body }) : last.body;
  return last.order_status ? t('inbox.withStatus', { text, status: t(ORDER_STATUS_WORDS[last.order_status]) }) : text;
}

/** Each thread: who it is with, the shop, the last line and an unread mark that is words, not only a colour. */
export function InboxList({ threads }: { threads: InboxThread[] }) {
  const t = useT();
  return (
    <ul className="inbox">
      {threads.map((thread) => (
        <li key={thread.id} className={thread.unread ? 'unread' : undefined}>
          <Link to={`/messages/${encodeURIComponent(thread.id)}`}>
            <span className="inbox-shop">
              {thread.other_name}
              {thread.unread && <span className="unread-mark">{t('inbox.new')}</span>}
            </span>
            <time className="inbox-when" dateTime={thread.last_activity_at}>
              {momentInLagos(thread.last_activity_at, t.language)}
            </time>
            {thread.role === 'shop' && <span className="inbox-about">{t('inbox.about', { shop: thread.shop.name })}</span>}
            <span className="inbox-preview">{preview(t, thread.last_message)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
