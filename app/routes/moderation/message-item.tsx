import { useSearchParams } from 'react-router';
import { MessageItemPage } from '#app/components/moderation/message-item-page.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { messageModerationPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/message-item';
import { loadMessage, moderateMessage } from './moderation.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = async ({ request, params, context }: Route.LoaderArgs) => ({
  item: await loadMessage(request, context.get(signedInContext), params.message_id),
  words: pageWords(request, 'moderation', 'reports', 'forms'),
});

export const action = ({ request, params, context }: Route.ActionArgs) => moderateMessage(request, context, context.get(signedInContext), params.message_id);

export default function MessageItem({ loaderData, actionData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return <MessageItemPage item={loaderData.item} action={messageModerationPath(params.message_id)} done={search.get('done')} lastResult={actionData?.result} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('moderation.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
