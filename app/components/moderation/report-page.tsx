import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import { useSeen } from '#app/lib/seen.ts';
import { ReportForm } from './report-form';

type ReportPageProps = {
  title: string;
  /** The review or message reported, when it is one, so the reporter sees which. */
  quote?: string;
  back: { to: string; label: string };
  action: string;
  sent: boolean;
  lastResult?: SubmissionResult<string[]>;
};

export function ReportPage({ title, quote, back, action, sent, lastResult }: ReportPageProps) {
  return (
    <main className="report">
      <h1 className="section-title">{title}</h1>
      {quote && <blockquote className="review-text">{quote}</blockquote>}
      {sent ? <Thanks /> : <ReportForm action={action} lastResult={lastResult} />}
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </main>
  );
}

function Thanks() {
  const t = useT();
  const thanks = t('report.thanks');
  const ref = useSeen<HTMLParagraphElement>(thanks);
  return (
    <p ref={ref} className="notice success" role="status" tabIndex={-1}>
      {thanks}
    </p>
  );
}
