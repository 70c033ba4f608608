import { createHmac } from 'node:crypto';
import { compile } from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { VISITOR_AGENT_MAX } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { isId } from '#server/ids.ts';

/** The bulk visit report adds many visits at once, so only the hops TRUST_PROXY names may make it. */
export function isTrustedHop(trustProxy: string[]): (remoteAddress: string | undefined) => boolean {
  const trusted = compile(trustProxy);
  return (remoteAddress) => remoteAddress !== undefined && trusted(remoteAddress, 0);
}

const VISIT_WINDOW_MS = 30 * 60 * 1000;
/** People behind one NAT address still count; a script changing its User-Agent does not: docs/decisions/051-visits-per-address.md. */
export const VISITS_PER_ADDRESS = 5;
/** As the rate limits count IPv6 clients: one per /64, the block a home or phone is given. */
const IPV6_SUBNET = 64;
/** Visits this process counted lately, so a reload needs no query. */
const RECENT_MAX = 10_000;

export type View = { shopId: string; address: string; agent: string };

/** Visitors and addresses are HMACs under a key that changes daily and is never stored, so no row names a person. */
export class VisitCounter {
  private day = '';
  private dayKey = Buffer.alloc(0);
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
  ) {}

  private hash(text: string, date: Date): string {
    const day = date.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.dayKey = createHmac('sha256', this.secret).update(`shop visits ${day}`).digest();
    }
    return createHmac('sha256', this.dayKey).update(text).digest().subarray(0, 16).toString('base64url');
  }

  /** Counts the views that start a visit; ids that name no shop are skipped. Returns the visits counted. */
  async count(views: View[]): Promise<number> {
    const now = this.now();
    const unique = new Map<string, { shopId: string; visitor: string; address: string }>();
    for (const view of views) {
      if (!isId(view.shopId)) continue;
      const visitor = this.hash(`${view.shopId}\n${view.address}\n${view.agent.slice(0, VISITOR_AGENT_MAX)}`, now);
      const key = `${view.shopId} ${visitor}`;
      if (now.getTime() - (this.recent.get(key) ?? -Infinity) < VISIT_WINDOW_MS) continue;
      const address = this.hash(`address\n${view.shopId}\n${normalizeIP(view.address, IPV6_SUBNET)}`, now);
      unique.set(key, { shopId: view.shopId, visitor, address });
    }
    if (!unique.size) return 0;
    // Array literals as single parameters, since drizzle spreads a JS array; they hold only checked ids and base64url.
    const rows = [...unique.values()];
    const ids = `{${rows.map((row) => row.shopId).join(',')}}`;
    const visitors = `{${rows.map((row) => row.visitor).join(',')}}`;
    const addresses = `{${rows.map((row) => row.address).join(',')}}`;
    const windowStart = new Date(now.getTime() - VISIT_WINDOW_MS).toISOString();
    // A reload within the window renews nothing; row locks keep each address's count exact across processes.
    const { rows: counted } = (await this.db.execute(sql`
      with viewed as (
        select v.shop_id, v.visitor, v.address
        from unnest(${ids}::uuid[], ${visitors}::text[], ${addresses}::text[]) as v(shop_id, visitor, address)
        join shops on shops.id = v.shop_id and shops.hidden_at is null
      ), started as (
        insert into shop_visits (shop_id, visitor, seen_at)
        select shop_id, visitor, ${now.toISOString()}::timestamptz from viewed
        on conflict (shop_id, visitor) do update set seen_at = excluded.seen_at
        where shop_visits.seen_at <= ${windowStart}::timestamptz
        returning shop_id, visitor
      ), per_address as (
        select started.shop_id, viewed.address, count(*)::int as started
        from started join viewed using (shop_id, visitor)
        group by started.shop_id, viewed.address
      ), from_address as (
        insert into shop_visit_addresses (shop_id, address, window_start, visitors)
        select shop_id, address, ${now.toISOString()}::timestamptz, started from per_address order by shop_id, address
        on conflict (shop_id, address) do update set
          window_start = case when shop_visit_addresses.window_start <= ${windowStart}::timestamptz
            then excluded.window_start else shop_visit_addresses.window_start end,
          visitors = case when shop_visit_addresses.window_start <= ${windowStart}::timestamptz
            then 0 else shop_visit_addresses.visitors end + excluded.visitors
        returning shop_id, address, visitors
      ), per_shop as (
        -- The address's visitors before these ones are visitors - started.
        select shop_id, sum(greatest(0, least(per_address.started, ${VISITS_PER_ADDRESS} - (from_address.visitors - per_address.started))))::int as visits
        from from_address join per_address using (shop_id, address)
        group by shop_id
      ), added as (
        update shops set visitor_count = shops.visitor_count + per_shop.visits
        from per_shop where shops.id = per_shop.shop_id and per_shop.visits > 0
      )
      select
        (select coalesce(sum(visits), 0)::int from per_shop) as visits,
        (select coalesce(array_agg(shop_id || ' ' || visitor), '{}') from started) as started`)) as { rows: { visits: number; started: string[] }[] };
    for (const key of counted[0]!.started) this.remember(key, now.getTime());
    return counted[0]!.visits;
  }

  /** Only visits counted here are remembered: a row another process wrote may be older than `now`. */
  private remember(key: string, countedAt: number): void {
    this.recent.delete(key);
    this.recent.set(key, countedAt);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
  }
}

export async function purgeOldVisits(db: Db, now: Date): Promise<{ removed: number }> {
  const windowStart = new Date(now.getTime() - VISIT_WINDOW_MS).toISOString();
  const { rows } = (await db.execute(sql`
    with gone as (delete from shop_visits where seen_at <= ${windowStart}::timestamptz returning 1),
    addresses as (delete from shop_visit_addresses where window_start <= ${windowStart}::timestamptz)
    select count(*)::int as removed from gone`)) as { rows: { removed: number }[] };
  return { removed: rows[0]!.removed };
}
