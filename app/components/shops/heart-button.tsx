import { type MouseEvent, useState } from 'react';
import { useFetcher } from 'react-router';

/** What /saved answers a heart that posted with JavaScript. */
type SavedAnswer = { shop: string; saved: boolean; error?: string };

const HEARTS_FORM = 'saved-hearts';

/**
 * Signed out, the saved shops are one cookie that each answer rewrites from the one its request carried:
 * two posts in flight at once would each drop the other's shop, so the page's hearts post one at a time.
 */
let heartPosts: Promise<unknown> = Promise.resolve();

/**
 * Once per page with hearts: the one form every heart on the page posts without JavaScript, coming back
 * to `back`: a card carries only its button, not a form of its own.
 */
export function SavedHearts({ back }: { back: string }) {
  return (
    <form id={HEARTS_FORM} method="post" action="/saved" hidden>
      <input type="hidden" name="back" value={back} />
    </form>
  );
}

type HeartProps = { shopId: string; shopName: string; saved: boolean };

/**
 * The heart itself: a button naming what it does and carrying the shop (`save=ID` or `remove=ID`), drawn
 * by the CSS (app.css) so that a list page's dozens of hearts cost no markup of their own.
 */
function Heart({ shopId, shopName, saved, onClick }: HeartProps & { onClick?: (event: MouseEvent) => void }) {
  return (
    <button
      type="submit"
      form={HEARTS_FORM}
      className="heart"
      name={saved ? 'remove' : 'save'}
      value={shopId}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${shopName} from saved` : `Save ${shopName}`}
      onClick={onClick}
    />
  );
}

/**
 * Without JavaScript a heart posts the page's SavedHearts form; with it, the heart changes at once and
 * posts in the background, showing the refusal if one comes.
 */
function LiveHeart({ shopId, shopName, saved }: HeartProps) {
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
      <Heart shopId={shopId} shopName={shopName} saved={pressed} onClick={post} />
      {answered?.error && (
        <span className="heart-error" role="alert">
          {answered.error}
        </span>
      )}
    </>
  );
}

/**
 * Saves or removes a shop. On the server a heart is its markup alone: a list page has dozens, and a
 * fetcher's hooks would only cost its rendering there. The browser hydrates the same markup with the live heart.
 */
export const HeartButton = typeof document === 'undefined' ? Heart : LiveHeart;
