import { data, Link, redirect } from 'react-router';
import { MessageForm } from '#app/components/messages/message-form.tsx';
import { SafetyLine } from '#app/components/messages/safety-line.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { messageFormSchema } from '#app/lib/forms/message-forms.ts';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { messageErrors } from '#app/lib/forms/provider-errors.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { keptSubmission } from '#app/lib/kept-form.server.ts';
import { shopToWrite } from '#app/lib/messages/shop-to-write.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/messages.css?url';
import type { Route } from './+types/message-shop';

/** Typed words a reload would lose: the Lite mode switch needs JavaScript here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const messagePath = (shopId: string) => `/shop/${encodeURIComponent(shopId)}/message`;

/** Open to anyone, so a visitor can write first and sign in after; a missing or hidden shop is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  const { shopName, ownShop } = await shopToWrite(request, signedIn, params.shop_id, Promise.resolve());
  return { shopName, signedIn: signedIn !== null, ownShop, kept: keptSubmission(context), constraint: formConstraint(messageFormSchema) };
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
  return (
    <main className="messages">
      <h1 className="section-title">Message {shopName}</h1>
      {ownShop ? (
        <p className="notice">{MSG.ownShopMessage}</p>
      ) : (
        <>
          <SafetyLine />
          {!signedIn && <p className="notice">{MSG.messageSignInFirst}</p>}
          {kept && <p className="notice">{MSG.messageKept}</p>}
          <MessageForm
            id={`message-${params.shop_id}`}
            action={messagePath(params.shop_id)}
            label={`Your message to ${shopName}`}
            constraint={constraint}
            lastResult={actionData?.result ?? kept}
          />
        </>
      )}
      <p>
        <Link to={`/shop/${encodeURIComponent(params.shop_id)}`}>Back to {shopName}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Message ${loaderData.shopName} · Kasuwa` : 'Message a shop · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
