import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import type { ItemDetail } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import type { ModerationAction } from '#rules/moderation.ts';
import { actionLabel, ModerationLog, OpenReports } from './item-log';
import { ModerationForm } from './moderation-form';

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
      <OpenReports reports={item.open_reports} />
      <h2>Act</h2>
      <ModerationForm action={action} choices={choices} lastResult={lastResult} />
      <ModerationLog actions={item.actions} />
    </main>
  );
}
