import { data, Link } from 'react-router';
import { reasonWord } from '#app/lib/i18n/moderation-words.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { type Translate, translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { messageModerationPath, moderationPath } from '#app/lib/moderation-paths.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import { momentInLagos } from '#rules/dates.ts';
import { REPORT_REASONS } from '#rules/moderation.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/open-reports';
import { asModerator } from './moderation.server';

/** Enough of a reported message to tell it apart in the list; its page shows it whole. */
const MESSAGE_EXCERPT_MAX = 80;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { results } = await asModerator(request, context.get(signedInContext), (token) => provider.openReports(token));
  return { items: results, words: pageWords(request, 'moderation', 'reports') };
}

/** Nothing posts here: a moderator is told so, anyone else gets the same 404 as a GET, which does not show the page exists. */
export async function action({ request, context }: Route.ActionArgs) {
  await asModerator(request, context.get(signedInContext), (token) => provider.openReports(token));
  throw data('This page takes no forms.', { status: 405 });
}

export default function OpenReports({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const t = useT();
  return (
    <main className="report">
      <h1 className="section-title">{t('moderation.openReports')}</h1>
      {items.length ? (
        <ul className="moderation-list">
          {items.map((item) => (
            <li key={item.message_id ?? (item.rating_id && `${item.kind} ${item.rating_id}`) ?? item.shop_id}>
              <Link to={itemPath(item)}>{itemTitle(item, t)}</Link>
              {item.hidden_at && <strong> {t('moderation.hiddenMark')}</strong>}
              <p>
                {t('moderation.reportCount', { count: item.open_reports })}:{' '}
                {REPORT_REASONS.filter((reason) => item.reasons[reason])
                  .map((reason) => `${reasonWord(t, reason)} ${item.reasons[reason]}`)
                  .join(', ')}{' '}
                · {t('moderation.lastReported', { moment: momentInLagos(item.last_reported_at, t.language) })}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t('moderation.noOpenReports')}</p>
      )}
    </main>
  );
}

type OpenItem = Awaited<ReturnType<typeof loader>>['items'][number];

function itemPath(item: OpenItem): string {
  return item.message_id
    ? messageModerationPath(item.message_id)
    : `/moderation/${moderationPath(item.shop_id, item.rating_id ?? undefined, item.kind === 'answer')}`;
}

function itemTitle(item: OpenItem, t: Translate): string {
  const [shop, author] = [item.shop_name, item.author ?? ''];
  if (item.kind === 'shop') return t('moderation.shopItem', { shop });
  if (item.kind === 'review') return t('moderation.reviewItem', { shop, author });
  if (item.kind === 'answer') return t('moderation.answerItem', { shop, author });
  const excerpt = Array.from(item.message ?? '')
    .slice(0, MESSAGE_EXCERPT_MAX)
    .join('');
  return t('moderation.messageItem', { shop, author, excerpt });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('moderation.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
