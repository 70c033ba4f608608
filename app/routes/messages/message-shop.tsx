import { data, redirect } from 'react-router';
import { BackToShop } from '#app/components/messages/back-to-shop.tsx';
import { MessageForm } from '#app/components/messages/message-form.tsx';
import { MessagesStyles } from '#app/components/messages/messages-styles.tsx';
import { SafetyLine } from '#app/components/messages/safety-line.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { messageFormSchema } from '#app/lib/forms/message-forms.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { messageErrors } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keptSubmission } from '#app/lib/kept-form.server.ts';
import { shopToWrite } from '#app/lib/messages/shop-to-write.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/message-shop';

/** Typed words a reload would lose: the Lite mode switch needs JavaScript here. */
export const handle: RouteHandle = { typedForm: true };

const messagePath = (shopId: string) => `/shop/${encodeURIComponent(shopId)}/message`;

/** Open to anyone, so a visitor can write first and sign in after; a missing or hidden shop is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  const { shopName, ownShop } = await shopToWrite(request, signedIn, params.shop_id, Promise.resolve());
  return {
    shopName,
    signedIn: signedIn !== null,
    ownShop,
    kept: keptSubmission(context),
    constraint: formConstraint(messageFormSchema),
    words: pageWords(request, 'messages', 'forms'),
  };
}

/** Sends and opens the thread; someone signed out signs in first, and the session keeps their words for this form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: messagePath(params.shop_id) })}`);
  const submission = parseSubmission(await readForm({ request, context }), messageFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    const sent = await asSignedIn(request, signedIn, (token) => provider.messageShop(token, params.shop_id, submission.value.body));
    return redirect(`/messages/${encodeURIComponent(sent.thread_id)}#reply`);
  } catch (error) {
    const errors = messageErrors(error, ['body'], MSG.messageFailed);
    const status = isProviderError(error) && error.status && error.status < 500 ? error.status : 502;
    return data({ result: submission.reply(errors) }, { status });
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.messageFailed);
export const shouldRevalidate = revalidateUnlessOffline;

export default function MessageShopPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { shopName, signedIn, ownShop, kept, constraint } = loaderData;
  const t = useT();
  return (
    <>
      <MessagesStyles />
      <main className="messages">
        <h1 className="section-title">{t('messageShop.heading', { name: shopName })}</h1>
        {ownShop ? (
          <p className="notice">{t('messageShop.own')}</p>
        ) : (
          <>
            <SafetyLine />
            {!signedIn && <p className="notice">{t('messageShop.signInFirst')}</p>}
            {kept && <p className="notice">{t('messageShop.kept')}</p>}
            <MessageForm
              id={`message-${params.shop_id}`}
              action={messagePath(params.shop_id)}
              label={t('thread.messageTo', { name: shopName })}
              constraint={constraint}
              lastResult={actionData?.result ?? kept}
            />
          </>
        )}
        <BackToShop shopId={params.shop_id} shopName={shopName} />
      </main>
    </>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('messageShop.pageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
