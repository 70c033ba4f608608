import { provider } from './provider/client.server';
import { isProviderError } from './provider/errors';

/**
 * Visits to shop pages answered from the shared page memory (public-page-cache.server.ts), which never
 * reach the provider's GET /shops/{id}. They are added up here and reported about once a second in
 * one call (our provider's POST /shops/visits/), so a shop shared on WhatsApp can be opened thousands
 * of times a second and every visit still counts. A report that fails is kept and sent again.
 */
const FLUSH_EVERY_MS = 1000;

const pending = new Map<string, number>();
let timer: NodeJS.Timeout | undefined;
let sending: Promise<void> | undefined;

/** Whether the provider takes visits in bulk: unknown until asked. A provider without it never gets shared shop pages. */
let bulkVisits: 'unknown' | 'asking' | 'yes' | 'no' = 'unknown';

const refused = (error: unknown) => isProviderError(error, 403) || isProviderError(error, 404);

async function send(): Promise<void> {
  timer = undefined;
  if (!pending.size) return;
  const visits = Object.fromEntries(pending);
  pending.clear();
  try {
    await provider.reportVisits(visits);
  } catch (error) {
    if (refused(error)) {
      // Only possible if the provider changed since it said yes (TRUST_PROXY, another provider).
      bulkVisits = 'no';
      const lost = Object.values(visits).reduce((sum, views) => sum + views, 0);
      console.error(`The provider refused ${lost} visits of shared shop pages (${(error as Error).message}); shop pages are no longer shared.`);
      return;
    }
    // Put back under the counts that arrived meanwhile; the next report carries them.
    for (const [id, views] of Object.entries(visits)) pending.set(id, (pending.get(id) ?? 0) + views);
    schedule();
  }
}

function schedule(): void {
  // Unref'd: a pending report alone does not keep the process alive; shutdown sends it (flushVisitCounts).
  timer ??= setTimeout(() => {
    sending = send().finally(() => (sending = undefined));
  }, FLUSH_EVERY_MS).unref();
}

/** Counts one view of `shopId` served without asking the provider. */
export function countSharedView(shopId: string): void {
  pending.set(shopId, (pending.get(shopId) ?? 0) + 1);
  schedule();
}

/**
 * Whether shop pages may be shared now. The first call asks the provider (an empty report) and answers
 * no until it has said yes; asking again after a failure that was not a refusal.
 */
export function shopPagesShareable(): boolean {
  if (bulkVisits === 'unknown') {
    bulkVisits = 'asking';
    provider.reportVisits({}).then(
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
