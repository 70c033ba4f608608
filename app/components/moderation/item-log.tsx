import { actionWord, reasonWord } from '#app/lib/i18n/moderation-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { ItemDetail } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';

/** The open reports on one item: why, by whom, when. */
export function OpenReports({ reports }: { reports: ItemDetail['open_reports'] }) {
  const t = useT();
  return (
    <>
      <h2>{t('moderation.openReportsCount', { count: reports.length })}</h2>
      {reports.length ? (
        <ul className="moderation-list">
          {reports.map((report) => (
            <li key={`${report.reporter}-${report.created_at}`}>
              <strong>{reasonWord(t, report.reason)}</strong> · {report.reporter} · {momentInLagos(report.created_at, t.language)}
              {report.details && <p>{report.details}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('moderation.noReports')}</p>
      )}
    </>
  );
}

/** The audit log of one item, newest first. */
export function ModerationLog({ actions }: { actions: ItemDetail['actions'] }) {
  const t = useT();
  return (
    <>
      <h2>{t('moderation.log')}</h2>
      {actions.length ? (
        <ul className="moderation-list" aria-label={t('moderation.logLabel')}>
          {actions.map((entry) => (
            <li key={`${entry.action}-${entry.created_at}`}>
              <strong>{actionWord(t, entry.action)}</strong>{' '}
              {t('moderation.by', {
                moderator: entry.moderator ?? (entry.note === MSG.hiddenByScamReports ? t('moderation.scamRule') : t('moderation.formerModerator')),
              })}{' '}
              · {momentInLagos(entry.created_at, t.language)}
              <p>{entry.note}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('moderation.noActions')}</p>
      )}
    </>
  );
}
