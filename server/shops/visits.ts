import { compile } from '@fastify/proxy-addr';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isId } from '../ids';

/**
 * Views a web tier served from its shared page memory, reported in one call rather than one GET each
 * (see the web tier's visit-counts.server.ts). The call adds many visits at once, so only the hops
 * TRUST_PROXY names (the web tier, loopback by default) may make it: to anyone else it is a 403.
 */
export function isTrustedHop(trustProxy: string[]): (remoteAddress: string | undefined) => boolean {
  const trusted = compile(trustProxy);
  return (remoteAddress) => remoteAddress !== undefined && trusted(remoteAddress, 0);
}

/** Adds each shop's views to its visitor count in one statement; ids that name no shop are skipped. */
export async function addVisits(db: Db, visits: Record<string, number>): Promise<number> {
  const entries = Object.entries(visits).filter(([id]) => isId(id));
  if (!entries.length) return 0;
  // Array literals as single parameters: drizzle would spread a JS array into a list of them. Both hold
  // only checked ids and whole numbers.
  const ids = `{${entries.map(([id]) => id).join(',')}}`;
  const views = `{${entries.map(([, count]) => count).join(',')}}`;
  const { rows } = (await db.execute(sql`
    update shops set visitor_count = shops.visitor_count + v.views
    from (select unnest(${ids}::uuid[]) as id, unnest(${views}::int[]) as views) as v
    where shops.id = v.id
    returning shops.id`)) as { rows: unknown[] };
  return rows.length;
}
