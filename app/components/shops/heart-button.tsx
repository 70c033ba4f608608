import { useFetcher } from 'react-router';

/** What /saved answers a heart that posted with JavaScript. */
export type SavedAnswer = { shop: string; saved: boolean; error?: string };

/** The heart's drawing, once per page; each heart points at it (`<use href="#heart">`). */
export function HeartSymbol() {
  return (
    <svg className="sprite" aria-hidden="true">
      <symbol id="heart" viewBox="0 0 24 24">
        <path d="M12 20.5 4.1 12.7a4.9 4.9 0 0 1 7-7l.9.9.9-.9a4.9 4.9 0 0 1 7 7L12 20.5Z" />
      </symbol>
    </svg>
  );
}

/**
 * Saves or removes a shop. Without JavaScript it is a plain form that posts and comes back to `back`;
 * with it, the heart changes at once and posts in the background, showing the refusal if one comes.
 */
export function HeartButton({ shopId, shopName, saved, back }: { shopId: string; shopName: string; saved: boolean; back: string }) {
  const fetcher = useFetcher<SavedAnswer>();
  const pending = fetcher.formData?.get('intent');
  const answered = fetcher.state === 'idle' ? fetcher.data : undefined;
  const pressed = pending ? pending === 'save' : answered ? answered.saved : saved;
  const intent = pressed ? 'remove' : 'save';
  return (
    <form
      method="post"
      action="/saved"
      className="heart"
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit({ shop: shopId, intent }, { method: 'post', action: '/saved' });
      }}
    >
      <input type="hidden" name="shop" value={shopId} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" name="intent" value={intent} aria-pressed={pressed} aria-label={pressed ? `Remove ${shopName} from saved` : `Save ${shopName}`}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <use href="#heart" />
        </svg>
      </button>
      {answered?.error && (
        <span className="heart-error" role="alert">
          {answered.error}
        </span>
      )}
    </form>
  );
}
