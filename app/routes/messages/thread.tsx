import { data, Form, Link, redirect } from 'react-router';
import { MessageForm } from '#app/components/messages/message-form.tsx';
import { MessagesStyles } from '#app/components/messages/messages-styles.tsx';
import { SafetyLine } from '#app/components/messages/safety-line.tsx';
import { ThreadMessageItem } from '#app/components/messages/thread-message.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { blockFormSchema, messageFormSchema, orderMoveFormSchema } from '#app/lib/forms/message-forms.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { messageErrors } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { useThreadLive } from '#app/lib/messages/thread-live.ts';
import { unreadThreads } from '#app/lib/messages/unread.server.ts';
import { cursorFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/thread';

export const handle: RouteHandle = { typedForm: true };

const threadPath = (threadId: string) => `/messages/${encodeURIComponent(threadId)}`;

const notFound = () => data(MSG.threadNotFound, { status: 404 });

/** One thread, newest page or the one before `before`; opening it marks it read. Anyone but its two sides gets a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const url = new URL(request.url);
  const before = cursorFrom(url, 'before');
  try {
    const thread = await asSignedIn(request, signedIn, (token) => provider.thread(token, params.thread_id, before));
    // Counted after this read marked the thread read, for the menu and bottom navigation (see root.tsx).
    const unread = await unreadThreads(signedIn.access);
    return {
      thread,
      unread,
      paged: before !== undefined,
      reported: url.searchParams.has('reported'),
      replyConstraint: formConstraint(messageFormSchema),
      words: pageWords(request, 'messages', 'forms'),
    };
  } catch (error) {
    if (isProviderError(error, 404)) throw notFound();
    if (error instanceof ProviderError) throw data(MSG.messagesLoadFailed, { status: 503 });
    throw error;
  }
}

const statusOf = (error: unknown) => (isProviderError(error) && error.status && error.status < 500 ? error.status : 502);

/** One action for the page's forms, told apart by `intent`: a reply (none), block or unblock, an answer to an order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInContext);
  const path = threadPath(params.thread_id);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: path })}`);
  const form = await readForm({ request, context });
  const intent = form.get('intent');
  if (intent === 'block' || intent === 'unblock') {
    const submission = parseSubmission(form, blockFormSchema);
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await asSignedIn(request, signedIn, (token) => provider.block(token, params.thread_id, submission.value.intent === 'block'));
    } catch (error) {
      if (isProviderError(error, 404)) throw notFound();
      return data({ intent, result: submission.reply({ formErrors: [MSG.networkOrUnexpected] }) }, { status: statusOf(error) });
    }
    return redirect(path);
  }
  if (intent === 'order') {
    const submission = parseSubmission(form, orderMoveFormSchema);
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    const { order, move, reason } = submission.value;
    try {
      await asSignedIn(request, signedIn, (token) => provider.moveOrder(token, order, move, move === 'decline' ? (reason ?? '') : undefined));
    } catch (error) {
      if (isProviderError(error, 404)) throw notFound();
      const errors = messageErrors(error, ['reason'], MSG.orderMoveFailed);
      return data({ intent, order, result: submission.reply(errors) }, { status: statusOf(error) });
    }
    return redirect(`${path}#reply`);
  }
  const submission = parseSubmission(form, messageFormSchema);
  if (submission.status !== 'success') return data({ intent: 'send', result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.reply(token, params.thread_id, submission.value.body));
  } catch (error) {
    if (isProviderError(error, 404)) throw notFound();
    return data({ intent: 'send', result: submission.reply(messageErrors(error, ['body'], MSG.messageFailed)) }, { status: statusOf(error) });
  }
  return redirect(`${path}#reply`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.messageFailed, { intent: 'send' });
export const shouldRevalidate = revalidateUnlessOffline;

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, paged, reported, replyConstraint } = loaderData;
  const path = threadPath(thread.id);
  const t = useT();
  const lastId = thread.messages.at(-1)?.id ?? 0;
  // Only the person's own sending empties the box: a message arriving while they type leaves it alone.
  const lastMine = thread.messages.findLast((message) => message.mine)?.id ?? 0;
  useThreadLive(path, lastId, !paged && lastId > 0);
  const ordersShown = new Set<string>();
  const orderError = actionData?.intent === 'order' && 'order' in actionData ? { id: actionData.order, text: actionData.result.error?.['']?.join(', ') } : null;
  const blockError = (actionData?.intent === 'block' || actionData?.intent === 'unblock') && actionData.result.error?.['']?.join(', ');
  return (
    <>
      <MessagesStyles />
      <main className="messages thread">
        <p>
          <Link to="/messages" className="chat-back">
            {t('thread.all')}
          </Link>
        </p>
        <h1 className="section-title">{thread.other_name}</h1>
        {thread.role === 'shop' ? (
          <p className="thread-about">{t('thread.buyerWriting', { shop: thread.shop.name })}</p>
        ) : (
          thread.shop.id && (
            <p className="thread-about">
              <Link to={`/shop/${encodeURIComponent(thread.shop.id)}`}>{t('thread.openShop')}</Link>
            </p>
          )
        )}
        <SafetyLine />
        {reported && (
          <p className="notice" role="status">
            {t('thread.reportSent')}
          </p>
        )}
        {paged && <Link to={path}>{t('thread.newest')}</Link>}
        {thread.earlier && (
          <Link to={`${path}?before=${thread.earlier}`} className="earlier">
            {t('thread.earlier')}
          </Link>
        )}
        <ol className="chat-log" aria-label={t('thread.log')}>
          {thread.messages.map((message) => {
            const showOrder = message.order !== null && !ordersShown.has(message.order.id);
            if (message.order) ordersShown.add(message.order.id);
            return (
              <ThreadMessageItem
                key={message.id}
                message={message}
                side={thread.role}
                otherName={thread.other_name}
                threadPath={path}
                showOrder={showOrder}
                orderError={orderError && orderError.id === message.order?.id ? orderError.text : undefined}
                otherDeleted={thread.other_deleted}
              />
            );
          })}
        </ol>
        <section id="reply" aria-label={t('thread.reply')}>
          {thread.blocked_by_me && <p className="notice">{t('thread.blockedByMe')}</p>}
          {thread.can_write ? (
            <MessageForm
              key={lastMine}
              id={`reply-${thread.id}`}
              action={path}
              label={t('thread.messageTo', { name: thread.other_name })}
              constraint={replyConstraint}
              lastResult={actionData?.intent === 'send' ? actionData.result : undefined}
            />
          ) : (
            <p className="notice">
              {t(thread.other_deleted ? 'thread.otherDeleted' : thread.blocked_by_other ? 'thread.blockedByOther' : 'thread.shopHidden')}
            </p>
          )}
        </section>
        {/* A deleted account can write nothing, so there is nothing to block. */}
        {!thread.other_deleted && (
          <Form method="post" action={path} className="block-form">
            {blockError && (
              <p className="notice error" role="alert">
                {t.said(blockError)}
              </p>
            )}
            {thread.blocked_by_me ? (
              <button type="submit" name="intent" value="unblock" className="secondary">
                {t('thread.unblock', { name: thread.other_name })}
              </button>
            ) : (
              <button type="submit" name="intent" value="block" className="secondary">
                {t('thread.block', { name: thread.other_name })}
              </button>
            )}
          </Form>
        )}
      </main>
    </>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: loaderData ? t('thread.pageTitle', { name: loaderData.thread.other_name }) : t('inbox.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
