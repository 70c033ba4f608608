import { createHmac } from 'node:crypto';
import { compile } from '@fastify/proxy-addr';
import { sql } from 'drizzle-orm';
import { VISITOR_AGENT_MAX } from '#app/lib/rules/limits';
import type { Db } from '#server/db/client';
import { isId } from '#server/ids';

/**
 * Views a web tier served from its shared page memory, reported in one call rather than one GET each
 * (see the web tier's visit-counts.server.ts). The call adds many visits at once, so only the hops
 * TRUST_PROXY names (the web tier, loopback by default) may make it: to anyone else it is a 403.
 */
export function isTrustedHop(trustProxy: string[]): (remoteAddress: string | undefined) => boolean {
  const trusted = compile(trustProxy);
  return (remoteAddress) => remoteAddress !== undefined && trusted(remoteAddress, 0);
}

/** One person's views of a shop within this long count as one visit. */
export const VISIT_WINDOW_MS = 30 * 60 * 1000;
/** Visits this process counted lately, kept so a reload needs no query; the oldest go first past this many. */
const RECENT_MAX = 10_000;

/** One view of a shop page: whose it was, as its address and browser. */
export type View = { shopId: string; address: string; agent: string };

/**
 * Counts a visit once per visitor, shop and VISIT_WINDOW_MS, in the database so every API process
 * shares it. A visitor is an HMAC of the shop, their address and their browser, keyed by a secret
 * derived from the JWT secret and the UTC date: it changes every day, is never stored, and the rows
 * hold no address, so nothing kept names a person.
 */
export class VisitCounter {
  private day = '';
  private dayKey = Buffer.alloc(0);
  /** When this process counted each shop's visitor, oldest first: within the window, a view of theirs starts nothing. */
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
  ) {}

  private visitorOf(view: View, date: Date): string {
    const day = date.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.dayKey = createHmac('sha256', this.secret).update(`shop visits ${day}`).digest();
    }
    const text = `${view.shopId}\n${view.address}\n${view.agent.slice(0, VISITOR_AGENT_MAX)}`;
    return createHmac('sha256', this.dayKey).update(text).digest().subarray(0, 16).toString('base64url');
  }

  /** Counts the views that start a visit; ids that name no shop are skipped. Returns the visits counted. */
  async count(views: View[]): Promise<number> {
    const now = this.now();
    const unique = new Map<string, { shopId: string; visitor: string }>();
    for (const view of views) {
      if (!isId(view.shopId)) continue;
      const visitor = this.visitorOf(view, now);
      const key = `${view.shopId} ${visitor}`;
      if (now.getTime() - (this.recent.get(key) ?? -Infinity) < VISIT_WINDOW_MS) continue;
      unique.set(key, { shopId: view.shopId, visitor });
    }
    if (!unique.size) return 0;
    // Array literals as single parameters: drizzle would spread a JS array into a list of them. They hold
    // only checked ids and base64url text.
    const rows = [...unique.values()];
    const ids = `{${rows.map((row) => row.shopId).join(',')}}`;
    const visitors = `{${rows.map((row) => row.visitor).join(',')}}`;
    const windowStart = new Date(now.getTime() - VISIT_WINDOW_MS);
    // A view counts when its visitor's row for the shop is new or older than the window; that row is then
    // renewed. Unchanged rows are left as they are (no new window for each reload).
    const { rows: counted } = (await this.db.execute(sql`
      with viewed as (
        select v.shop_id, v.visitor
        from unnest(${ids}::uuid[], ${visitors}::text[]) as v(shop_id, visitor)
        join shops on shops.id = v.shop_id and shops.hidden_at is null
      ), started as (
        insert into shop_visits (shop_id, visitor, seen_at)
        select shop_id, visitor, ${now.toISOString()}::timestamptz from viewed
        on conflict (shop_id, visitor) do update set seen_at = excluded.seen_at
        where shop_visits.seen_at <= ${windowStart.toISOString()}::timestamptz
        returning shop_id, visitor
      ), per_shop as (
        select shop_id, count(*)::int as visits, array_agg(visitor) as visitors from started group by shop_id
      )
      update shops set visitor_count = shops.visitor_count + per_shop.visits
      from per_shop where shops.id = per_shop.shop_id
      returning per_shop.shop_id, per_shop.visitors`)) as { rows: { shop_id: string; visitors: string[] }[] };
    let visits = 0;
    for (const row of counted) {
      for (const visitor of row.visitors) this.remember(`${row.shop_id} ${visitor}`, now.getTime());
      visits += row.visitors.length;
    }
    return visits;
  }

  /** Only visits counted here are remembered: a row another process wrote may be older than `now`. */
  private remember(key: string, countedAt: number): void {
    this.recent.delete(key);
    this.recent.set(key, countedAt);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
  }
}

/** Deletes visit rows past the window: they tell nothing any more (a periodic job, one instance at a time). */
export async function purgeOldVisits(db: Db, now: Date): Promise<{ removed: number }> {
  const windowStart = new Date(now.getTime() - VISIT_WINDOW_MS).toISOString();
  const { rows } = (await db.execute(sql`
    with gone as (delete from shop_visits where seen_at <= ${windowStart}::timestamptz returning 1)
    select count(*)::int as removed from gone`)) as { rows: { removed: number }[] };
  return { removed: rows[0]!.removed };
}
