import { provider } from '#app/lib/provider/client.server.ts';
import type { SharedView } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { VIEWS_PER_REPORT_MAX, VISITOR_ADDRESS_MAX, VISITOR_AGENT_MAX } from '#rules/limits.ts';

/**
 * Views of shop pages answered from the shared page memory (public-page-cache.ts), which never
 * reach the provider's GET /shops/{id}. They are gathered here and reported about once a second (our
 * provider's POST /shops/visits/), each with its visitor's address and browser, so the provider counts
 * a visitor once per shop every 30 minutes as it does for its own GETs. A report that fails is kept
 * and sent again.
 */
const FLUSH_EVERY_MS = 1000;
/** Views kept while the provider cannot take them; past this, new visitors' views are dropped until it can. */
const PENDING_MAX = 10 * VIEWS_PER_REPORT_MAX;

/** One entry per shop and visitor: a visitor's repeated views count once anyway. */
const pending = new Map<string, SharedView>();
let timer: NodeJS.Timeout | undefined;
let sending: Promise<void> | undefined;

/** Whether the provider takes visits in bulk: unknown until asked. A provider without it never gets shared shop pages. */
let bulkVisits: 'unknown' | 'asking' | 'yes' | 'no' = 'unknown';

const refused = (error: unknown) => isProviderError(error, 403) || isProviderError(error, 404);

function keep(view: SharedView): void {
  const key = `${view.shop}\n${view.address}\n${view.agent}`;
  if (pending.has(key) || pending.size < PENDING_MAX) pending.set(key, view);
}

async function send(): Promise<void> {
  timer = undefined;
  while (pending.size) {
    const views: SharedView[] = [];
    for (const [key, view] of pending) {
      pending.delete(key);
      if (views.push(view) === VIEWS_PER_REPORT_MAX) break;
    }
    try {
      await provider.reportViews(views);
    } catch (error) {
      if (refused(error)) {
        // Only possible if the provider changed since it said yes (TRUST_PROXY, another provider).
        bulkVisits = 'no';
        console.error(`The provider refused ${views.length} views of shared shop pages (${(error as Error).message}); shop pages are no longer shared.`);
        return;
      }
      // A report the provider calls malformed would be refused again; anything else may pass later.
      if (!isProviderError(error, 400)) for (const view of views) keep(view);
      schedule();
      return;
    }
  }
}

function schedule(): void {
  // Unref'd: a pending report alone does not keep the process alive; shutdown sends it (flushVisitCounts).
  timer ??= setTimeout(() => {
    sending = send().finally(() => (sending = undefined));
  }, FLUSH_EVERY_MS).unref();
}

/** Counts one view of `shopId` served without asking the provider, by the visitor at `address` with browser `agent`. */
export function countSharedView(shopId: string, address: string, agent: string): void {
  keep({ shop: shopId, address: address.slice(0, VISITOR_ADDRESS_MAX), agent: agent.slice(0, VISITOR_AGENT_MAX) });
  schedule();
}

/**
 * Whether shop pages may be shared now. The first call asks the provider (an empty report) and answers
 * no until it has said yes; asking again after a failure that was not a refusal.
 */
export function shopPagesShareable(): boolean {
  if (bulkVisits === 'unknown') {
    bulkVisits = 'asking';
    provider.reportViews([]).then(
      () => (bulkVisits = 'yes'),
      (error: unknown) => {
        bulkVisits = refused(error) ? 'no' : 'unknown';
        // Worth knowing when the provider is ours: TRUST_PROXY then does not name this web tier.
        if (bulkVisits === 'no') console.warn(`Shop pages are not shared: the provider does not take visits in bulk (${(error as Error).message}).`);
      },
    );
  }
  return bulkVisits === 'yes';
}

/** Sends what is pending now; the web server calls it as it stops. */
export async function flushVisitCounts(): Promise<void> {
  if (timer) clearTimeout(timer);
  await sending;
  await send();
}
