import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import type { ItemDetail } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import { MODERATION_ACTION_LABELS, type ModerationAction, REPORT_REASON_LABELS, type ReportReason } from '#rules/moderation.ts';
import { ModerationForm } from './moderation-form';

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
const actionLabel = (action: string) => MODERATION_ACTION_LABELS[action as ModerationAction] ?? action;

export function ItemPage({
  item,
  action,
  done,
  lastResult,
}: {
  item: ItemDetail;
  action: string;
  done: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const choices: ModerationAction[] = [...(item.open_reports.length ? (['dismiss'] as const) : []), item.hidden_at ? 'restore' : 'hide'];
  const shopPath = `/shop/${encodeURIComponent(item.shop_id)}`;
  return (
    <main className="report">
      <p>
        <Link to="/moderation">All open reports</Link>
      </p>
      <h1 className="section-title">{item.kind === 'shop' ? `Shop: ${item.shop_name}` : `Review of ${item.shop_name}`}</h1>
      {done && (
        <p className="notice success" role="status">
          Saved: {actionLabel(done)}.
        </p>
      )}
      <p>
        {item.hidden_at ? <strong>Hidden since {momentInLagos(item.hidden_at)}.</strong> : 'Visible to everyone.'}{' '}
        {item.kind === 'shop' ? `Owner: ${item.author ?? ''}. ` : ''}
        {/* A hidden shop's page is a 404 to everyone; what it shows is below. */}
        {!(item.kind === 'shop' && item.hidden_at) && <Link to={shopPath}>Open the shop page</Link>}
      </p>
      {item.kind === 'shop' && item.shop && (
        <section className="moderation-shop" aria-label="The shop as its page shows it">
          <img src={item.shop.image_url} alt={item.shop_name} loading="lazy" />
          <p>
            {item.shop.category} · {item.shop.address}
          </p>
          <p className="review-text">{item.shop.description}</p>
        </section>
      )}
      {item.kind === 'review' && (
        <blockquote className="review-text">
          {item.stars} ★ by {item.author}: {item.review || '(no text)'}
        </blockquote>
      )}
      <h2>Open reports ({item.open_reports.length})</h2>
      {item.open_reports.length ? (
        <ul className="moderation-list">
          {item.open_reports.map((report) => (
            <li key={`${report.reporter}-${report.created_at}`}>
              <strong>{reasonLabel(report.reason)}</strong> · {report.reporter} · {momentInLagos(report.created_at)}
              {report.details && <p>{report.details}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
      <h2>Act</h2>
      <ModerationForm action={action} choices={choices} lastResult={lastResult} />
      <h2>Log</h2>
      {item.actions.length ? (
        <ul className="moderation-list" aria-label="Moderation log">
          {item.actions.map((entry) => (
            <li key={`${entry.action}-${entry.created_at}`}>
              <strong>{actionLabel(entry.action)}</strong> by {entry.moderator ?? 'a former moderator'} · {momentInLagos(entry.created_at)}
              <p>{entry.note}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No actions yet.</p>
      )}
    </main>
  );
}
