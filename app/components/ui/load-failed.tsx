import { MSG } from '#rules/messages.ts';

/** A list page whose provider did not answer: says so, with a plain link that loads the page again. */
export function LoadFailed({ retryHref }: { retryHref: string }) {
  return (
    <p className="notice error" role="alert">
      {MSG.networkOrUnexpected} <a href={retryHref}>Try again</a>
    </p>
  );
}
