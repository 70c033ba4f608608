import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { MSG } from '#app/lib/rules/messages';
import { useSeen } from '#app/lib/seen';
import { ReportForm } from './report-form';

type ReportPageProps = { title: string; shopId: string; shopName: string; action: string; sent: boolean; lastResult?: SubmissionResult<string[]> };

/** A report's form, or the thanks once it is sent. */
export function ReportPage({ title, shopId, shopName, action, sent, lastResult }: ReportPageProps) {
  return (
    <main className="report">
      <h1 className="section-title">{title}</h1>
      {sent ? <Thanks /> : <ReportForm action={action} lastResult={lastResult} />}
      <p>
        <Link to={`/shop/${encodeURIComponent(shopId)}`}>Back to {shopName}</Link>
      </p>
    </main>
  );
}

function Thanks() {
  const ref = useSeen<HTMLParagraphElement>(MSG.reportSent);
  return (
    <p ref={ref} className="notice success" role="status" tabIndex={-1}>
      {MSG.reportSent}
    </p>
  );
}
