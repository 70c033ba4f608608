import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import type { MessageItem } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import type { ModerationAction } from '#rules/moderation.ts';
import { actionLabel, ModerationLog, OpenReports } from './item-log';
import { ModerationForm } from './moderation-form';

/** A reported message among its neighbours in the thread, each marked buyer or shop, with the moderator's actions. */
export function MessageItemPage({
  item,
  action,
  done,
  lastResult,
}: {
  item: MessageItem;
  action: string;
  done: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const choices: ModerationAction[] = [...(item.open_reports.length ? (['dismiss'] as const) : []), item.hidden_at ? 'restore' : 'hide'];
  const sender = item.from === 'buyer' ? `${item.buyer_name} (buyer)` : `${item.shop_name} (shop)`;
  return (
    <main className="report">
      <p>
        <Link to="/moderation">All open reports</Link>
      </p>
      <h1 className="section-title">Message from {sender}</h1>
      {done && (
        <p className="notice success" role="status">
          Saved: {actionLabel(done)}.
        </p>
      )}
      <p>
        {item.hidden_at ? <strong>Removed since {momentInLagos(item.hidden_at)}: both sides read that moderators removed it.</strong> : 'Both sides read it.'} A
        conversation between {item.buyer_name} (buyer) and {item.shop_name} (shop).
      </p>
      <ol className="moderation-thread" aria-label="The message in its conversation">
        {item.context.map((message) => (
          <li key={message.id} className={message.reported ? 'reported' : undefined} aria-current={message.reported ? 'true' : undefined}>
            <p>
              <strong>
                {message.sender} ({message.from})
              </strong>{' '}
              · {momentInLagos(message.created_at)}
              {message.reported && ' · reported'}
              {message.hidden && ' · removed'}
            </p>
            <p className="review-text">{message.body}</p>
          </li>
        ))}
      </ol>
      <OpenReports reports={item.open_reports} />
      <h2>Act</h2>
      <ModerationForm action={action} choices={choices} lastResult={lastResult} />
      <ModerationLog actions={item.actions} />
    </main>
  );
}
