import type { ItemDetail } from '#app/lib/provider/contract.ts';
import { momentInLagos } from '#rules/dates.ts';
import { MODERATION_ACTION_LABELS, type ModerationAction, REPORT_REASON_LABELS, type ReportReason } from '#rules/moderation.ts';

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
export const actionLabel = (action: string) => MODERATION_ACTION_LABELS[action as ModerationAction] ?? action;

/** The open reports on one item: why, by whom, when. */
export function OpenReports({ reports }: { reports: ItemDetail['open_reports'] }) {
  return (
    <>
      <h2>Open reports ({reports.length})</h2>
      {reports.length ? (
        <ul className="moderation-list">
          {reports.map((report) => (
            <li key={`${report.reporter}-${report.created_at}`}>
              <strong>{reasonLabel(report.reason)}</strong> · {report.reporter} · {momentInLagos(report.created_at)}
              {report.details && <p>{report.details}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
    </>
  );
}

/** The audit log of one item, newest first. */
export function ModerationLog({ actions }: { actions: ItemDetail['actions'] }) {
  return (
    <>
      <h2>Log</h2>
      {actions.length ? (
        <ul className="moderation-list" aria-label="Moderation log">
          {actions.map((entry) => (
            <li key={`${entry.action}-${entry.created_at}`}>
              <strong>{actionLabel(entry.action)}</strong> by {entry.moderator ?? 'a former moderator'} · {momentInLagos(entry.created_at)}
              <p>{entry.note}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No actions yet.</p>
      )}
    </>
  );
}
