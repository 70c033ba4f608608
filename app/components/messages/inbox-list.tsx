import { Link } from 'react-router';
import type { InboxThread } from '#app/lib/provider/messages-contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';

/** Each thread: who it is with, the shop, the last line and an unread mark that is words, not only a colour. */
export function InboxList({ threads }: { threads: InboxThread[] }) {
  return (
    <ul className="inbox">
      {threads.map((thread) => (
        <li key={thread.id} className={thread.unread ? 'unread' : undefined}>
          <Link to={`/messages/${encodeURIComponent(thread.id)}`}>
            <span className="inbox-shop">
              {thread.other_name}
              {thread.unread && <span className="unread-mark">New</span>}
            </span>
            <time className="inbox-when" dateTime={thread.last_activity_at}>
              {momentInLagos(thread.last_activity_at)}
            </time>
            {thread.role === 'shop' && <span className="inbox-about">About your shop {thread.shop.name}</span>}
            <span className="inbox-preview">
              {thread.last_message.mine ? 'You: ' : ''}
              {thread.last_message.body}
              {thread.last_message.order_status && ` (${MSG.orderStatusWords[thread.last_message.order_status]})`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
