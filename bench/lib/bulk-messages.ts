import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { issueTokens } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';

/** Nobody signs in with a password here: tokens are issued directly, and only the hash's fingerprint rides in them. */
const PASSWORD_HASH = 'bench: tokens are issued directly';
const IMAGE = JSON.stringify({ key: 'shops/bench/photo.jpg', width: 1200, height: 900, variants: [] });
const ROWS_SPREAD_OVER_DAYS = 90;
/** Of the side that did not write last, how many have opened the thread since; the others have unread messages. */
const READ_SHARE = 0.7;

export type MessageSizes = { buyers: number; shops: number; threads: number; messages: number };
export type MessageSeed = MessageSizes & { ms: number };

/** The database and this script name every bench row alike: an md5 of its kind and number, read as a uuid. */
export function benchId(kind: 'buyer' | 'owner' | 'shop' | 'thread' | 'session', n: number | string): string {
  const hex = createHash('md5').update(`kasuwa-bench:${kind}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const idSql = (kind: string, n: unknown) => sql`md5(${`kasuwa-bench:${kind}:`} || ${n})::uuid`;

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Buyers, shops (one owner each), threads and messages, set-based. Who talks to whom is skewed (a square or
 * cube of a uniform draw), so a few buyers, shops and threads are far busier than the rest. Each thread then
 * gets its last message and read marks as sending keeps them: the side that wrote last has read it all, the
 * other side has read all or only up to its own last message. Every person has a session for tokens.
 */
export async function seedMessages(db: Db, sizes: MessageSizes): Promise<MessageSeed> {
  const started = performance.now();
  const { buyers, shops } = sizes;
  await db.execute(sql`
    insert into users (id, email, username, phone_number, password_hash)
    select md5('kasuwa-bench:' || kind || ':' || i)::uuid, kind || i || '@bench.kasuwa.test', 'bench_' || kind || i, '+23480' || lpad(i::text, 8, '0'), ${PASSWORD_HASH}
    from (select 'buyer' as kind, i from generate_series(0, ${buyers - 1}::int) i
          union all select 'owner', i from generate_series(0, ${shops - 1}::int) i) people`);
  await db.execute(sql`
    insert into shops (id, owner_id, name, address, category, description, image)
    select ${idSql('shop', sql`i`)}, ${idSql('owner', sql`i`)}, 'Bench shop ' || i, i || ' Broad Street, Lagos Island', 'Groceries',
      'Rice, beans and garri by the bag.', ${IMAGE}::jsonb
    from generate_series(0, ${shops - 1}::int) i`);
  await db.execute(sql`
    insert into sessions (user_id, id, expires_at)
    select id, md5('kasuwa-bench:session:' || id)::uuid, now() + interval '1 day' from users`);
  // A few more draws than threads, as some pairs come twice.
  await db.execute(sql`
    insert into threads (id, shop_id, buyer_id)
    select ${idSql('thread', sql`(row_number() over () - 1)`)}, ${idSql('shop', sql`s`)}, ${idSql('buyer', sql`b`)}
    from (select distinct b, s from (
      select floor(${buyers}::int * power(random(), 2))::int as b, floor(${shops}::int * power(random(), 2))::int as s
      from generate_series(1, ${Math.ceil(sizes.threads * 1.2)}::int)) draws limit ${sizes.threads}::int) pairs`);
  const [{ threads }] = (await rows<{ threads: number }>(db, sql`select count(*)::int as threads from threads`)) as [{ threads: number }];

  // Each thread's first message comes first, from its buyer; the rest go mostly to a few long threads.
  await db.execute(sql`
    insert into messages (thread_id, sender_id, body, created_at)
    select t.id, case when m.g < ${threads}::int or random() < 0.5 then t.buyer_id else sh.owner_id end,
      (array['Good morning. Is this still available?', 'Yes, we have it. How many bags do you want?',
        'Can you deliver to Surulere on Saturday? I will pay on delivery.', 'Delivery to Surulere is 2,500 naira, Saturday before noon.',
        'Thank you, I will come to the shop after work.', 'Please send a photo of the bigger size first.'])[1 + m.g % 6],
      now() - make_interval(days => ${ROWS_SPREAD_OVER_DAYS}::int) * (1 - m.g::float8 / ${sizes.messages}::int)
    from (select g, ${idSql('thread', sql`(case when g < ${threads}::int then g else floor(${threads}::int * power(random(), 3))::int end)`)} as thread_id
          from generate_series(0, ${sizes.messages - 1}::int) g) m
    join threads t on t.id = m.thread_id
    join shops sh on sh.id = t.shop_id
    order by m.g`);
  await db.execute(sql`
    update threads t set last_message_id = m.last_id, last_message_at = m.last_at, created_at = m.first_at,
      buyer_read_id = case when m.buyer_last = m.last_id or random() < ${READ_SHARE} then m.last_id else coalesce(m.buyer_last, 0) end,
      shop_read_id = case when m.shop_last = m.last_id or random() < ${READ_SHARE} then m.last_id else coalesce(m.shop_last, 0) end
    from (select msg.thread_id, max(msg.id) as last_id, max(msg.created_at) as last_at, min(msg.created_at) as first_at,
            max(msg.id) filter (where msg.sender_id = th.buyer_id) as buyer_last, max(msg.id) filter (where msg.sender_id <> th.buyer_id) as shop_last
          from messages msg join threads th on th.id = msg.thread_id group by msg.thread_id) m
    where t.id = m.thread_id`);
  // Fresh statistics, as autovacuum would gather them later; PGlite has no autovacuum at all.
  for (const table of ['users', 'sessions', 'shops', 'threads', 'messages']) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  const [{ messages }] = (await rows<{ messages: number }>(db, sql`select count(*)::int as messages from messages`)) as [{ messages: number }];
  return { buyers, shops, threads, messages, ms: Math.round(performance.now() - started) };
}

/** An access token for a seeded person (their session was made with them) under the API's JWT_SECRET, valid for half an hour. */
export async function benchToken(jwtSecret: string, userId: string): Promise<string> {
  const login = { userId, passwordHash: PASSWORD_HASH, sessionId: benchId('session', userId), generation: 0, expiresAt: new Date(Date.now() + 86_400_000) };
  return (await issueTokens(new TextEncoder().encode(jwtSecret), login)).access;
}

/** Threads whose last-message pointer is not their newest message, or whose read marks lie beyond it. */
export async function threadsOutOfStep(db: Db): Promise<{ id: string; lastMessageId: number; newest: number | null }[]> {
  return rows(
    db,
    sql`select t.id, t.last_message_id as "lastMessageId", m.newest from threads t
        left join (select thread_id, max(id) as newest from messages group by thread_id) m on m.thread_id = t.id
        where t.last_message_id <> coalesce(m.newest, 0) or t.buyer_read_id > t.last_message_id or t.shop_read_id > t.last_message_id`,
  );
}
