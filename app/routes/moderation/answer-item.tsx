import { useSearchParams } from 'react-router';
import { ItemPage } from '#app/components/moderation/item-page.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { moderationPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/answer-item';
import { loadItem, moderateItem } from './moderation.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const itemOf = (params: Route.LoaderArgs['params']) => ({ shopId: params.shop_id, ratingId: params.rating_id, answer: true });

export const loader = async ({ request, params, context }: Route.LoaderArgs) => ({
  item: await loadItem(request, context.get(signedInContext), itemOf(params)),
  words: pageWords(request, 'moderation', 'reports', 'forms'),
});

export const action = ({ request, params, context }: Route.ActionArgs) => moderateItem(request, context, context.get(signedInContext), itemOf(params));

export default function AnswerItem({ loaderData, actionData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <ItemPage
      item={loaderData.item}
      action={`/moderation/${moderationPath(params.shop_id, params.rating_id, true)}`}
      done={search.get('done')}
      lastResult={actionData?.result}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('moderation.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
