import { type MouseEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** What /saved answers a heart that posted with JavaScript. */
type SavedAnswer = { shop: string; saved: boolean; error?: string };

const HEARTS_FORM = 'saved-hearts';

/** Signed out, saved shops are one cookie each answer rewrites: two posts in flight would drop each other's shop. */
let heartPosts: Promise<unknown> = Promise.resolve();

/** The one form every heart on the page posts without JavaScript, so a card carries only its button. */
export function SavedHearts({ back }: { back: string }) {
  return (
    <form id={HEARTS_FORM} method="post" action="/saved" hidden>
      <input type="hidden" name="back" value={back} />
    </form>
  );
}

type HeartProps = { shopId: string; shopName: string; saved: boolean };

/** Drawn by the CSS, so a list page's dozens of hearts cost no markup of their own. */
function Heart({ shopId, shopName, saved, onClick }: HeartProps & { onClick?: (event: MouseEvent) => void }) {
  const t = useT();
  return (
    <button
      type="submit"
      form={HEARTS_FORM}
      className="heart"
      name={saved ? 'remove' : 'save'}
      value={shopId}
      aria-pressed={saved}
      aria-label={saved ? t('heart.remove', { shop: shopName }) : t('heart.save', { shop: shopName })}
      onClick={onClick}
    />
  );
}

function LiveHeart({ shopId, shopName, saved }: HeartProps) {
  const fetcher = useFetcher<SavedAnswer>();
  // The last tap and how many of this heart's posts await their answer. The router's own state comes in a
  // transition, later than this one, so the heart follows the tap and only a refusal turns it back.
  const [taps, setTaps] = useState<{ intent: 'save' | 'remove'; unanswered: number } | null>(null);
  const answered = fetcher.state === 'idle' && taps?.unanswered === 0 ? fetcher.data : undefined;
  const pressed = answered?.error ? answered.saved : taps ? taps.intent === 'save' : saved;
  const intent = pressed ? 'remove' : 'save';
  const post = (event: MouseEvent) => {
    event.preventDefault();
    setTaps((before) => ({ intent, unanswered: (before?.unanswered ?? 0) + 1 }));
    const send = async () => {
      await fetcher.submit({ [intent]: shopId }, { method: 'post', action: '/saved' });
      setTaps((before) => before && { ...before, unanswered: before.unanswered - 1 });
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

/** On the server a heart is its markup alone: a fetcher's hooks there would only slow a list page's rendering. */
export const HeartButton = typeof document === 'undefined' ? Heart : LiveHeart;
