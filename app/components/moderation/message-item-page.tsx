import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { actionWord } from '#app/lib/i18n/moderation-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { MessageItem } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import type { ModerationAction } from '#rules/moderation.ts';
import { ModerationLog, OpenReports } from './item-log';
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
  const t = useT();
  const side = (from: string, name: string) => (from === 'buyer' ? t('moderation.buyer', { name }) : t('moderation.shop', { name }));
  const sender = item.from === 'buyer' ? side('buyer', item.buyer_name) : side('shop', item.shop_name);
  return (
    <main className="report">
      <p>
        <Link to="/moderation">{t('moderation.allReports')}</Link>
      </p>
      <h1 className="section-title">{t('moderation.messageFrom', { sender })}</h1>
      {done && (
        <p className="notice success" role="status">
          {t('moderation.saved', { action: actionWord(t, done) })}
        </p>
      )}
      <p>
        {item.hidden_at ? (
          <strong>{t('moderation.removedSince', { moment: momentInLagos(item.hidden_at, t.language) })}</strong>
        ) : (
          t('moderation.bothSidesRead')
        )}{' '}
        {t('moderation.between', { buyer: item.buyer_name, shop: item.shop_name })}
      </p>
      <ol className="moderation-thread" aria-label={t('moderation.inConversation')}>
        {item.context.map((message) => (
          <li key={message.id} className={message.reported ? 'reported' : undefined} aria-current={message.reported ? 'true' : undefined}>
            <p>
              <strong>{side(message.from, message.sender)}</strong> · {momentInLagos(message.created_at, t.language)}
              {message.reported && ` · ${t('moderation.reportedMark')}`}
              {message.hidden && ` · ${t('moderation.removedMark')}`}
            </p>
            <p className="review-text">{message.body}</p>
          </li>
        ))}
      </ol>
      <OpenReports reports={item.open_reports} />
      <h2>{t('moderation.act')}</h2>
      <ModerationForm action={action} choices={choices} lastResult={lastResult} />
      <ModerationLog actions={item.actions} />
    </main>
  );
}
