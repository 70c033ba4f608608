import type { Logger } from 'pino';
import type { SharedView, ViewsReport } from '#app/lib/host.server.ts';
import { VIEWS_PER_REPORT_MAX, VISITOR_ADDRESS_MAX, VISITOR_AGENT_MAX } from '#rules/limits.ts';

const FLUSH_EVERY_MS = 1000;
/** Views kept while the provider cannot take them; past this, new visitors' views are dropped until it can. */
const PENDING_MAX = 10 * VIEWS_PER_REPORT_MAX;

/**
 * Views of shop pages answered from the shared page memory, which never reach the provider's
 * GET /shops/{id}: gathered and reported about once a second, each with its visitor's address and
 * browser, so the provider counts them as it counts its own. A report that fails is kept and sent again.
 */
export function visitCounter(report: (views: SharedView[]) => Promise<ViewsReport>, log: Logger) {
  /** One entry per shop and visitor: a visitor's repeated views count once anyway. */
  const pending = new Map<string, SharedView>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  /** Whether the provider takes visits in bulk: unknown until asked. A provider without it never gets shared shop pages. */
  let bulkVisits: 'unknown' | 'asking' | 'yes' | 'no' = 'unknown';

  const keep = (view: SharedView) => {
    const key = `${view.shop}\n${view.address}\n${view.agent}`;
    if (pending.has(key) || pending.size < PENDING_MAX) pending.set(key, view);
  };

  async function send(): Promise<void> {
    timer = undefined;
    while (pending.size) {
      const views: SharedView[] = [];
      for (const [key, view] of pending) {
        pending.delete(key);
        if (views.push(view) === VIEWS_PER_REPORT_MAX) break;
      }
      const answer = await report(views);
      if (answer.outcome === 'taken') continue;
      if (answer.outcome === 'refused') {
        // Only possible if the provider changed since it said yes (TRUST_PROXY, another provider).
        bulkVisits = 'no';
        log.error(`The provider refused ${views.length} views of shared shop pages (${answer.reason}); shop pages are no longer shared.`);
        return;
      }
      if (answer.outcome === 'failed') for (const view of views) keep(view);
      schedule();
      return;
    }
  }

  function schedule(): void {
    // Unref'd: a pending report alone does not keep the process alive; stopping sends it (flush).
    timer ??= setTimeout(() => {
      sending = send().finally(() => (sending = undefined));
    }, FLUSH_EVERY_MS).unref();
  }

  return {
    /** One view of `shopId` served without asking the provider, by the visitor at `address` with browser `agent`. */
    count(shopId: string, address: string, agent: string): void {
      keep({ shop: shopId, address: address.slice(0, VISITOR_ADDRESS_MAX), agent: agent.slice(0, VISITOR_AGENT_MAX) });
      schedule();
    },
    /** Whether shop pages may be shared now: the first call asks the provider (an empty report), and it is no until it said yes. */
    shopPagesShareable(): boolean {
      if (bulkVisits === 'unknown') {
        bulkVisits = 'asking';
        void report([]).then((answer) => {
          bulkVisits = answer.outcome === 'taken' ? 'yes' : answer.outcome === 'refused' ? 'no' : 'unknown';
          // Worth knowing when the provider is ours: TRUST_PROXY then does not name this web tier.
          if (answer.outcome === 'refused') log.warn(`Shop pages are not shared: the provider does not take visits in bulk (${answer.reason}).`);
        });
      }
      return bulkVisits === 'yes';
    },
    /** Sends what is pending now, as the process stops. */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      await sending;
      await send();
    },
  };
}

export type VisitCounter = ReturnType<typeof visitCounter>;
