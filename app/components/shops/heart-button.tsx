import { type MouseEvent, useState } from 'react';
import { useFetcher } from 'react-router';

/** What /saved answers a heart that posted with JavaScript. */
export type SavedAnswer = { shop: string; saved: boolean; error?: string };

const HEARTS_FORM = 'saved-hearts';

/**
 * Signed out, the saved shops are one cookie that each answer rewrites from the one its request carried:
 * two posts in flight at once would each drop the other's shop, so the page's hearts post one at a time.
 */
let heartPosts: Promise<unknown> = Promise.resolve();

/**
 * Once per page with hearts: the heart's drawing, which each heart points at (`<use href="#heart">`), and
 * the one form every heart on the page posts without JavaScript, coming back to `back`: a card carries
 * only its button, not a form of its own.
 */
export function SavedHearts({ back }: { back: string }) {
  return (
    <>
      <svg className="sprite" aria-hidden="true">
        <symbol id="heart" viewBox="0 0 24 24">
          <path d="M12 20.5 4.1 12.7a4.9 4.9 0 0 1 7-7l.9.9.9-.9a4.9 4.9 0 0 1 7 7L12 20.5Z" />
        </symbol>
      </svg>
      <form id={HEARTS_FORM} method="post" action="/saved" hidden>
        <input type="hidden" name="back" value={back} />
      </form>
    </>
  );
}

/**
 * Saves or removes a shop: its button names what it does and carries the shop (`save=ID` or `remove=ID`).
 * Without JavaScript it posts the page's SavedHearts form; with it, the heart changes at once and posts
 * in the background, showing the refusal if one comes.
 */
export function HeartButton({ shopId, shopName, saved }: { shopId: string; shopName: string; saved: boolean }) {
  const fetcher = useFetcher<SavedAnswer>();
  // What this heart's taps waiting their turn will do; the last one counts.
  const [waiting, setWaiting] = useState<{ intent: 'save' | 'remove'; count: number } | null>(null);
  const sending = fetcher.formData && (fetcher.formData.has('save') ? 'save' : 'remove');
  const pending = waiting?.intent ?? sending;
  const answered = fetcher.state === 'idle' ? fetcher.data : undefined;
  const pressed = pending ? pending === 'save' : answered ? answered.saved : saved;
  const intent = pressed ? 'remove' : 'save';
  const post = (event: MouseEvent) => {
    event.preventDefault();
    setWaiting((before) => ({ intent, count: (before?.count ?? 0) + 1 }));
    const send = () => {
      setWaiting((before) => (before && before.count > 1 ? { ...before, count: before.count - 1 } : null));
      return fetcher.submit({ [intent]: shopId }, { method: 'post', action: '/saved' });
    };
    heartPosts = heartPosts.then(send, send);
  };
  return (
    <>
      <button
        type="submit"
        form={HEARTS_FORM}
        className="heart"
        name={intent}
        value={shopId}
        aria-pressed={pressed}
        aria-label={pressed ? `Remove ${shopName} from saved` : `Save ${shopName}`}
        onClick={post}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <use href="#heart" />
        </svg>
      </button>
      {answered?.error && (
        <span className="heart-error" role="alert">
          {answered.error}
        </span>
      )}
    </>
  );
}
