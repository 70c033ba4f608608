import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { RouteHandle } from '#app/root.tsx';
import stylesheet from '../../styles/lily-chat.css?url';
import type { Route } from './+types/lily-chat';

const GREETING = 'Hello! I’m Lily, your shopping assistant. Tell me what you are looking for and I’ll help you find it.';
const CANNED_REPLY = 'Thank you! I’m still learning, so the assistant is coming soon. For now, you can search shops from the home page.';
const SAY_MAX = 500;

export const handle: RouteHandle = { bare: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function headers() {
  return STATIC_PAGE_CACHE;
}

// No loader and no server call: without JavaScript the form reloads this page with `?say=`, which renders the line and the reply.
export default function LilyChat() {
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
          ← Back to home
        </Link>
        <h1>Lily</h1>
        <p>Your shopping assistant</p>
      </header>
      {/* The log role sits on a wrapper: on the <ol> itself it would replace the list its lines belong to. */}
      <div className="lily-log" role="log" aria-label="Conversation with Lily">
        <ol ref={log}>
          <LilyLine from="lily" text={GREETING} />
          {lines.map((line, index) => (
            <LilyExchange key={index} line={line} />
          ))}
        </ol>
      </div>
      <form method="get" action="/lilyChat" className="lily-compose" onSubmit={onSubmit}>
        <label htmlFor="lily-say" className="visually-hidden">
          Message to Lily
        </label>
        <input id="lily-say" name="say" required maxLength={SAY_MAX} autoComplete="off" enterKeyHint="send" placeholder="Ask Lily" />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

function LilyExchange({ line }: { line: string }) {
  return (
    <>
      <LilyLine from="you" text={line} />
      <LilyLine from="lily" text={CANNED_REPLY} />
    </>
  );
}

function LilyLine({ from, text }: { from: 'you' | 'lily'; text: string }) {
  return (
    <li className={from === 'you' ? 'mine' : 'theirs'}>
      <span className="visually-hidden">{from === 'you' ? 'You: ' : 'Lily: '}</span>
      {text}
    </li>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Lily, your shopping assistant · Kasuwa' },
    { name: 'description', content: 'Lily, Kasuwa’s shopping assistant, is coming soon to help you find shops and products near you.' },
    canonical(originFrom(matches), '/lilyChat'),
  ];
}
