import { MSG } from '#rules/messages.ts';

/** A `<details>`, so the tap answers with or without JavaScript. */
export function ComingSoonMessaging() {
  return (
    <details className="coming-soon">
      <summary className="button secondary">
        Message shop <span className="soon-badge">Coming Soon</span>
      </summary>
      <p className="notice">{MSG.messagingComingSoon}</p>
    </details>
  );
}
