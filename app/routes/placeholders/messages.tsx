import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { conversationById, SAMPLE_CONVERSATIONS, type SampleConversation } from '#app/lib/sample-conversations.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import stylesheet from '../../styles/messages.css?url';
import type { Route } from './+types/messages';

const COMING_SOON = 'Messaging is coming soon. Your message was not sent.';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function headers() {
  return STATIC_PAGE_CACHE;
}

// No loader: the inbox is hard-coded, so with JavaScript switching conversations needs no data from the server.
export default function Messages() {
  const [params] = useSearchParams();
  const chatId = params.get('chat');
  const conversation = conversationById(chatId);
  return (
    <main className={conversation ? 'messages has-chat' : 'messages'}>
      <h1 className="section-title">Messages</h1>
      <p className="notice">These are sample conversations. Messaging between buyers and shops is coming soon.</p>
      <div className="messages-layout">
        <Inbox selectedId={conversation?.id} />
        {conversation ? (
          <Conversation key={conversation.id} conversation={conversation} triedSending={params.get('send') === '1'} />
        ) : (
          <p className="chat-empty">{chatId ? 'That conversation is not in your inbox.' : 'Choose a conversation to read it.'}</p>
        )}
      </div>
    </main>
  );
}

function Inbox({ selectedId }: { selectedId: string | undefined }) {
  return (
    <nav className="inbox" aria-label="Conversations">
      <ul>
        {SAMPLE_CONVERSATIONS.map(({ id, shop, when, messages }) => (
          <li key={id}>
            <Link to={`/messages?chat=${id}`} preventScrollReset aria-current={id === selectedId ? 'page' : undefined}>
              <span className="inbox-shop">{shop}</span>
              <span className="inbox-when">{when}</span>
              <span className="inbox-preview">{messages.at(-1)?.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Conversation({ conversation, triedSending }: { conversation: SampleConversation; triedSending: boolean }) {
  const [notice, setNotice] = useState(triedSending);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(true);
  }

  return (
    <section className="chat" aria-labelledby="chat-title">
      <Link to="/messages" className="chat-back" preventScrollReset>
        ← All conversations
      </Link>
      <h2 id="chat-title">{conversation.shop}</h2>
      <ol className="chat-log">
        {conversation.messages.map((message, index) => (
          <li key={index} className={message.from === 'me' ? 'mine' : 'theirs'}>
            <p>{message.text}</p>
            <small>
              {message.from === 'me' ? 'You' : conversation.shop}, {message.time}
            </small>
          </li>
        ))}
      </ol>
      {/* Without JavaScript this GET only reloads the page with the notice; the text box has no name, so what was typed never leaves the phone. */}
      <form method="get" action="/messages" className="chat-compose" onSubmit={onSubmit}>
        <input type="hidden" name="chat" value={conversation.id} />
        <label htmlFor="chat-text" className="visually-hidden">
          Message to {conversation.shop}
        </label>
        <textarea id="chat-text" rows={2} maxLength={1000} placeholder="Write a message" />
        <button type="submit" name="send" value="1">
          Send
        </button>
      </form>
      {/* The live region is there from the start so screen readers announce the notice when it appears. */}
      <div role="status">{notice && <p className="notice">{COMING_SOON}</p>}</div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Messages · Kasuwa' },
    { name: 'description', content: 'Your conversations with shops on Kasuwa. Messaging between buyers and shops is coming soon.' },
    canonical(originFrom(matches), '/messages'),
  ];
}
