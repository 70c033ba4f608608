import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { useSeen } from '#app/lib/seen.ts';
import { MSG } from '#rules/messages.ts';
import { ReportForm } from './report-form';

type ReportPageProps = {
  title: string;
  shopId: string;
  shopName: string;
  /** The review reported, when it is one, so the reporter sees which. */
  review?: { stars: number; author: string; review: string };
  action: string;
  sent: boolean;
  lastResult?: SubmissionResult<string[]>;
};

export function ReportPage({ title, shopId, shopName, review, action, sent, lastResult }: ReportPageProps) {
  return (
    <main className="report">
      <h1 className="section-title">{title}</h1>
      {review && (
        <blockquote className="review-text">
          {review.stars} ★ by {review.author}: {review.review || '(no text)'}
        </blockquote>
      )}
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
