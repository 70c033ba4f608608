import type { Logger } from 'pino';
import type { SharedView, ViewsReport } from '#app/lib/host.server.ts';
import { VIEWS_PER_REPORT_MAX, VISITOR_ADDRESS_MAX, VISITOR_AGENT_MAX } from '#rules/limits.ts';

const FLUSH_EVERY_MS = 1000;
const PENDING_MAX = 10 * VIEWS_PER_REPORT_MAX;

/** Shop pages answered from memory never reach the provider, so their views are reported in bulk. */
export function visitCounter(report: (views: SharedView[]) => Promise<ViewsReport>, log: Logger) {
  const pending = new Map<string, SharedView>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
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
    timer ??= setTimeout(() => {
      sending = send().finally(() => (sending = undefined));
    }, FLUSH_EVERY_MS).unref();
  }

  return {
    count(shopId: string, address: string, agent: string): void {
      keep({ shop: shopId, address: address.slice(0, VISITOR_ADDRESS_MAX), agent: agent.slice(0, VISITOR_AGENT_MAX) });
      schedule();
    },
    // The first call asks the provider with an empty report; no until it said yes.
    shopPagesShareable(): boolean {
      if (bulkVisits === 'unknown') {
        bulkVisits = 'asking';
        void report([]).then((answer) => {
          bulkVisits = answer.outcome === 'taken' ? 'yes' : answer.outcome === 'refused' ? 'no' : 'unknown';
          if (answer.outcome === 'refused') log.warn(`Shop pages are not shared: the provider does not take visits in bulk (${answer.reason}).`);
        });
      }
      return bulkVisits === 'yes';
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      await sending;
      await send();
    },
  };
}

export type VisitCounter = ReturnType<typeof visitCounter>;
