import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { RouteHandle } from '#app/root.tsx';
import stylesheet from '../../styles/lily-chat.css?url';
import type { Route } from './+types/lily-chat';

const SAY_MAX = 500;

export const handle: RouteHandle = { bare: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function headers() {
  return STATIC_PAGE_CACHE;
}

export function loader({ request }: Route.LoaderArgs) {
  return { words: pageWords(request, 'soon') };
}

// No server call: without JavaScript the form reloads this page with `?say=`, which renders the line and the reply.
export default function LilyChat() {
  const t = useT();
  const [params] = useSearchParams();
  const said = (params.get('say') ?? '').trim().slice(0, SAY_MAX);
  const [lines, setLines] = useState<string[]>(said ? [said] : []);
  const log = useRef<HTMLOListElement>(null);

  // The compose box stays pinned to the bottom of the screen, so a new reply must be brought above it.
  useEffect(() => {
    if (lines.length > 0) log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [lines.length]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('say') ?? '').trim();
    if (!text) return;
    setLines((previous) => [...previous, text.slice(0, SAY_MAX)]);
    form.reset();
  }

  return (
    <main className="lily">
      <header className="lily-bar">
        <Link to="/" className="lily-back">
          {t('lily.back')}
        </Link>
        <h1>Lily</h1>
        <p>{t('lily.tagline')}</p>
      </header>
      {/* The log role sits on a wrapper: on the <ol> itself it would replace the list its lines belong to. */}
      <div className="lily-log" role="log" aria-label={t('lily.log')}>
        <ol ref={log}>
          <LilyLine from="lily" text={t('lily.greeting')} />
          {lines.map((line, index) => (
            <LilyExchange key={index} line={line} />
          ))}
        </ol>
      </div>
      <form method="get" action="/lilyChat" className="lily-compose" onSubmit={onSubmit}>
        <label htmlFor="lily-say" className="visually-hidden">
          {t('lily.messageLabel')}
        </label>
        <input id="lily-say" name="say" required maxLength={SAY_MAX} autoComplete="off" enterKeyHint="send" placeholder={t('lily.placeholder')} />
        <button type="submit">{t('lily.send')}</button>
      </form>
    </main>
  );
}

function LilyExchange({ line }: { line: string }) {
  const t = useT();
  return (
    <>
      <LilyLine from="you" text={line} />
      <LilyLine from="lily" text={t('lily.reply')} />
    </>
  );
}

function LilyLine({ from, text }: { from: 'you' | 'lily'; text: string }) {
  const t = useT();
  return (
    <li className={from === 'you' ? 'mine' : 'theirs'}>
      <span className="visually-hidden">{from === 'you' ? t('lily.you') : t('lily.lily')} </span>
      {text}
    </li>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('lily.pageTitle') }, { name: 'description', content: t('lily.description') }, canonical(originFrom(matches), '/lilyChat')];
}
