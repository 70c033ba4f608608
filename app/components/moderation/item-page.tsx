import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { actionWord } from '#app/lib/i18n/moderation-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { ItemDetail } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import type { ModerationAction } from '#rules/moderation.ts';
import { ModerationLog, OpenReports } from './item-log';
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
  // A shop the scam-report rule hid waits for a decision: kept hidden with a moderator's note, or shown again.
  const byRule = item.kind === 'shop' && item.hidden_at !== null && item.hidden_reason === MSG.hiddenByScamReports;
  const choices: ModerationAction[] = byRule
    ? ['hide', 'restore']
    : [...(item.open_reports.length ? (['dismiss'] as const) : []), item.hidden_at ? 'restore' : 'hide'];
  const shopPath = `/shop/${encodeURIComponent(item.shop_id)}`;
  const t = useT();
  return (
    <main className="report">
      <p>
        <Link to="/moderation">{t('moderation.allReports')}</Link>
      </p>
      <h1 className="section-title">
        {item.kind === 'shop'
          ? t('moderation.shopItem', { shop: item.shop_name })
          : t(item.kind === 'answer' ? 'moderation.answerOf' : 'moderation.reviewOf', { shop: item.shop_name })}
      </h1>
      {done && (
        <p className="notice success" role="status">
          {t('moderation.saved', { action: actionWord(t, done) })}
        </p>
      )}
      <p>
        {item.hidden_at ? <strong>{t('moderation.hiddenSince', { moment: momentInLagos(item.hidden_at, t.language) })}</strong> : t('moderation.visible')}{' '}
        {item.kind === 'shop' ? `${t('moderation.owner', { name: item.author ?? '' })} ` : ''}
        {/* A hidden shop's page is a 404 to everyone; what it shows is below. */}
        {!(item.kind === 'shop' && item.hidden_at) && <Link to={shopPath}>{t('moderation.openShop')}</Link>}
      </p>
      {item.kind === 'shop' && item.shop && (
        <section className="moderation-shop" aria-label={t('moderation.shopAsShown')}>
          <img src={item.shop.image_url} alt={item.shop_name} loading="lazy" />
          <p>
            {item.shop.category} · {item.shop.address}
          </p>
          <p className="review-text">{item.shop.description}</p>
        </section>
      )}
      {(item.kind === 'review' || item.kind === 'answer') && (
        <blockquote className="review-text">
          {t('report.reviewQuote', { stars: item.stars ?? '', author: item.author ?? '', text: item.review || t('report.noText') })}
        </blockquote>
      )}
      {item.kind === 'answer' && <blockquote className="review-text">{t('report.answerQuote', { shop: item.shop_name, text: item.answer ?? '' })}</blockquote>}
      <OpenReports reports={item.open_reports} />
      <h2>{t('moderation.act')}</h2>
      <ModerationForm action={action} choices={choices} lastResult={lastResult} />
      <ModerationLog actions={item.actions} />
    </main>
  );
}
