import { data, Link } from 'react-router';
import { InboxList } from '#app/components/messages/inbox-list.tsx';
import { MessagesStyles } from '#app/components/messages/messages-styles.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { unreadThreads } from '#app/lib/messages/unread.server.ts';
import { cursorFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/inbox';

/** The person's threads as buyer and as owner, latest first, paged by a link (docs/product.md §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const before = cursorFrom(new URL(request.url), 'before');
  try {
    const inbox = await asSignedIn(request, signedIn, (token) => provider.inbox(token, before));
    // The root's count is not asked again on a client-side navigation: this one is fresh (see root.tsx).
    const unread = await unreadThreads(signedIn.access);
    return { threads: inbox.results, more: inbox.more, unread, paged: before !== undefined, words: pageWords(request, 'messages') };
  } catch (error) {
    if (error instanceof ProviderError) throw data(MSG.messagesLoadFailed, { status: 503 });
    throw error;
  }
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { threads, more, paged } = loaderData;
  const t = useT();
  return (
    <>
      <MessagesStyles />
      <main className="messages">
        <h1 className="section-title">{t('inbox.heading')}</h1>
        {threads.length ? <InboxList threads={threads} /> : <p className="chat-empty">{t('inbox.none')}</p>}
        <nav className="pager" aria-label={t('inbox.pages')}>
          {paged && <Link to="/messages">{t('inbox.newest')}</Link>}
          {more && (
            <Link to={`/messages?before=${more}`} rel="next">
              {t('inbox.older')}
            </Link>
          )}
        </nav>
      </main>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('inbox.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
