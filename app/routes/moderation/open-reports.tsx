import { data, Link } from 'react-router';
import { messageModerationPath, moderationPath } from '#app/lib/moderation-paths.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import { momentInLagos } from '#rules/dates.ts';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '#rules/moderation.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/open-reports';
import { asModerator } from './moderation.server';

/** Enough of a reported message to tell it apart in the list; its page shows it whole. */
const MESSAGE_EXCERPT_MAX = 80;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { results } = await asModerator(request, context.get(signedInContext), (token) => provider.openReports(token));
  return { items: results };
}

/** Nothing posts here: a moderator is told so, anyone else gets the same 404 as a GET, which does not show the page exists. */
export async function action({ request, context }: Route.ActionArgs) {
  await asModerator(request, context.get(signedInContext), (token) => provider.openReports(token));
  throw data('This page takes no forms.', { status: 405 });
}

export default function OpenReports({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <main className="report">
      <h1 className="section-title">Open reports</h1>
      {items.length ? (
        <ul className="moderation-list">
          {items.map((item) => (
            <li key={item.message_id ?? item.rating_id ?? item.shop_id}>
              <Link to={itemPath(item)}>{itemTitle(item)}</Link>
              {item.hidden_at && <strong> (hidden)</strong>}
              <p>
                {item.open_reports === 1 ? '1 report' : `${item.open_reports} reports`}:{' '}
                {REPORT_REASONS.filter((reason) => item.reasons[reason])
                  .map((reason) => `${REPORT_REASON_LABELS[reason]} ${item.reasons[reason]}`)
                  .join(', ')}{' '}
                · last {momentInLagos(item.last_reported_at)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">No open reports.</p>
      )}
    </main>
  );
}

type OpenItem = Awaited<ReturnType<typeof loader>>['items'][number];

function itemPath(item: OpenItem): string {
  return item.message_id ? messageModerationPath(item.message_id) : `/moderation/${moderationPath(item.shop_id, item.rating_id ?? undefined)}`;
}

function itemTitle(item: OpenItem): string {
  if (item.kind === 'shop') return `Shop: ${item.shop_name}`;
  if (item.kind === 'review') return `Review of ${item.shop_name} by ${item.author ?? ''}`;
  return `Message by ${item.author ?? ''} in a conversation with ${item.shop_name}: “${Array.from(item.message ?? '')
    .slice(0, MESSAGE_EXCERPT_MAX)
    .join('')}”`;
}

export function meta() {
  return [{ title: 'Moderation · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
