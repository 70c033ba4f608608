import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, MESSAGES_PER_MINUTE } from '#rules/limits.ts';
import { type Database, type Db, openPglite, openPostgres } from '#server/db/client.ts';
import { startApiProcess } from './lib/api-process';
import { benchId, benchToken, type MessageSizes, rows, seedMessages, threadsOutOfStep } from './lib/bulk-messages';
import { type LoadRequest, measureRequests } from './lib/load';
import { type MessagesReport, messagesMarkdown, type ReadCase, type SendRun } from './lib/messages-report';
import { postgresServer } from './lib/postgres-server';
import { describeDatabase, machine } from './lib/report';
import { throwawayDatabase } from './lib/throwaway-database';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const WARMUP_SECONDS = 2;
/** Enough busy inboxes and long threads that requests in turn do not read one row again and again. */
const BUSY_PEOPLE = 100;
const LONG_THREADS = 20;
const UNREAD_PEOPLE = 1000;
/** The later inbox page read: the third. */
const LATER_PAGE_OFFSET = INBOX_PAGE_SIZE * 2;
const USAGE =
  'Usage: npm run bench:messages [-- --threads 100000 --messages 1000000 --buyers 20000 --shops 5000 --seconds 5 --connections 10\n' +
  '  --send-threads 10000 --send-messages 100000 --senders 1000 --send-seconds 10 --send-connections 16 --only reads|sends]\n' +
  "Reads on PostgreSQL: the server of DATABASE_URL when set (in a throwaway database), otherwise a throwaway cluster of Debian's postgresql. Sends on PGlite.";

function options() {
  const { values } = parseArgs({
    options: {
      threads: { type: 'string', default: '100000' },
      messages: { type: 'string', default: '1000000' },
      buyers: { type: 'string', default: '20000' },
      shops: { type: 'string', default: '5000' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      'send-threads': { type: 'string', default: '10000' },
      'send-messages': { type: 'string', default: '100000' },
      senders: { type: 'string', default: '1000' },
      'send-seconds': { type: 'string', default: '10' },
      'send-connections': { type: 'string', default: '16' },
      only: { type: 'string', default: '' },
    },
  });
  const numbers = {
    threads: Number(values.threads),
    messages: Number(values.messages),
    buyers: Number(values.buyers),
    shops: Number(values.shops),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    sendThreads: Number(values['send-threads']),
    sendMessages: Number(values['send-messages']),
    senders: Number(values.senders),
    sendSeconds: Number(values['send-seconds']),
    sendConnections: Number(values['send-connections']),
  };
  const { seconds, sendSeconds, ...whole } = numbers;
  const bad =
    Object.values(whole).some((n) => !Number.isInteger(n) || n < 1) ||
    !(seconds > 0 && sendSeconds > 0) ||
    numbers.messages < numbers.threads ||
    numbers.sendMessages < numbers.sendThreads ||
    !['', 'reads', 'sends'].includes(values.only);
  if (bad) {
    console.error(USAGE);
    process.exit(2);
  }
  return { ...numbers, only: values.only };
}

type Settings = ReturnType<typeof options>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The people and threads the read requests take in turn, each with what its request needs. */
async function readTargets(db: Db) {
  const busy = await rows<{ id: string; threads: number }>(
    db,
    sql`select id, sum(n)::int as threads from (
          select buyer_id as id, count(*) as n from threads group by buyer_id
          union all select s.owner_id, count(*) from threads t join shops s on s.id = t.shop_id group by s.owner_id) sides
        group by id order by threads desc limit ${BUSY_PEOPLE}`,
  );
  const later: { id: string; before: number }[] = [];
  for (const person of busy) {
    const [page] = await rows<{ before: string }>(
      db,
      sql`select last_message_id as before from (
            select last_message_id from threads where buyer_id = ${person.id}
            union all select t.last_message_id from threads t join shops s on s.id = t.shop_id where s.owner_id = ${person.id}) mine
          order by last_message_id desc offset ${LATER_PAGE_OFFSET - 1} limit 1`,
    );
    if (page) later.push({ id: person.id, before: Number(page.before) });
  }
  const unread = await rows<{ id: string }>(db, sql`select id from users order by random() limit ${UNREAD_PEOPLE}`);
  const long = await rows<{ id: string; buyerId: string; ownerId: string; lastMessageId: string; n: number }>(
    db,
    sql`select t.id, t.buyer_id as "buyerId", s.owner_id as "ownerId", t.last_message_id as "lastMessageId", c.n
        from (select thread_id, count(*)::int as n from messages group by thread_id order by n desc limit ${LONG_THREADS}) c
        join threads t on t.id = c.thread_id join shops s on s.id = t.shop_id order by c.n desc`,
  );
  const threads = [];
  for (const thread of long) {
    const [middle] = await rows<{ id: string }>(
      db,
      sql`select id from messages where thread_id = ${thread.id} order by id offset ${Math.floor(thread.n / 2)} limit 1`,
    );
    threads.push({ ...thread, lastMessageId: Number(thread.lastMessageId), middle: Number(middle!.id) });
  }
  if (!later.length) throw new Error(`no one has more than ${LATER_PAGE_OFFSET} threads for a later inbox page: raise --threads`);
  return { busy, later, unread, threads };
}

const range = (values: number[]) => `${Math.min(...values).toLocaleString('en')}–${Math.max(...values).toLocaleString('en')}`;

/** On PostgreSQL at full size: inbox pages, the unread count, a long thread's pages and the poll for newer messages. */
async function readCase(settings: Settings, jwtSecret: string): Promise<NonNullable<MessagesReport['reads']>> {
  const server = await postgresServer();
  try {
    console.error(`PostgreSQL: ${server.source}`);
    const postgres = await throwawayDatabase(server.url);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-messages-'));
    try {
      const database = await openPostgres(postgres.url);
      let seeded;
      let described;
      let targets;
      try {
        await database.migrate();
        console.error(`  seeding ${settings.threads.toLocaleString('en')} threads, ${settings.messages.toLocaleString('en')} messages`);
        seeded = await seedMessages(database.db, settings);
        described = await describeDatabase(database);
        targets = await readTargets(database.db);
      } finally {
        await database.close();
      }
      const people = [
        ...new Set([...targets.busy.map((p) => p.id), ...targets.unread.map((p) => p.id), ...targets.threads.flatMap((t) => [t.buyerId, t.ownerId])]),
      ];
      const tokens = new Map(await Promise.all(people.map(async (id) => [id, await benchToken(jwtSecret, id)] as const)));
      const token = (id: string) => bearer(tokens.get(id)!);
      // Readers of a thread alternate between its buyer and its shop's owner.
      const reader = (n: number) => {
        const thread = targets.threads[n % targets.threads.length]!;
        return { thread, headers: token(Math.floor(n / targets.threads.length) % 2 ? thread.ownerId : thread.buyerId) };
      };
      const threadsWho = `${targets.threads.length} longest threads (${range(targets.threads.map((t) => t.n))} messages), buyer and owner in turn`;
      const cases: { path: string; note: string; people: string; next: (n: number) => LoadRequest }[] = [
        {
          path: '/threads',
          note: 'inbox, first page',
          people: `${targets.busy.length} busiest people (${range(targets.busy.map((p) => p.threads))} threads)`,
          next: (n) => ({ path: '/threads', headers: token(targets.busy[n % targets.busy.length]!.id) }),
        },
        {
          path: '/threads?before=',
          note: 'inbox, third page',
          people: `${targets.later.length} of them with a third page`,
          next: (n) => {
            const person = targets.later[n % targets.later.length]!;
            return { path: `/threads?before=${person.before}`, headers: token(person.id) };
          },
        },
        {
          path: '/threads/unread-count',
          note: 'the badge on every page',
          people: `${targets.unread.length} people drawn at random`,
          next: (n) => ({ path: '/threads/unread-count', headers: token(targets.unread[n % targets.unread.length]!.id) }),
        },
        {
          path: '/threads/{id}',
          note: 'newest page',
          people: threadsWho,
          next: (n) => {
            const { thread, headers } = reader(n);
            return { path: `/threads/${thread.id}`, headers };
          },
        },
        {
          path: '/threads/{id}?before=',
          note: 'an older page, halfway back',
          people: threadsWho,
          next: (n) => {
            const { thread, headers } = reader(n);
            return { path: `/threads/${thread.id}?before=${thread.middle}`, headers };
          },
        },
        {
          path: '/threads/{id}?after=',
          note: 'the open page asking for newer messages, none yet',
          people: threadsWho,
          next: (n) => {
            const { thread, headers } = reader(n);
            return { path: `/threads/${thread.id}?after=${thread.lastMessageId}`, headers };
          },
        },
      ];

      const api = await startApiProcess({ dataDir, databaseUrl: postgres.url, env: { JWT_SECRET: jwtSecret } });
      try {
        const requests: ReadCase[] = [];
        const timing = { durationMs: settings.seconds * 1000, warmupMs: WARMUP_SECONDS * 1000, okStatus: 200 };
        for (const { next, ...request } of cases) {
          console.error(`  ${described.version}: GET ${request.path}`);
          const { statuses: _alone, ...alone } = await measureRequests(api.url, next, { connections: 1, ...timing });
          const { statuses: _loaded, ...loaded } = await measureRequests(api.url, next, { connections: settings.connections, ...timing });
          requests.push({ ...request, alone, loaded });
        }
        return { database: described.version, source: server.source, seed: seeded, databaseSizeMb: described.sizeMb, requests };
      } finally {
        await api.stop();
      }
    } finally {
      await postgres.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    server.stop();
  }
}

/** Counts what a send run must have left: messages beyond the seeded ones, new threads, and threads out of step. */
async function afterSends(database: Database, seededMessages: number, seededThreads: number) {
  const [counts] = await rows<{ messages: number; threads: number }>(
    database.db,
    sql`select (select count(*)::int from messages) as messages, (select count(*)::int from threads) as threads`,
  );
  return {
    stored: counts!.messages - seededMessages,
    newThreads: counts!.threads - seededThreads,
    threadsOutOfStep: (await threadsOutOfStep(database.db)).length,
  };
}

/** On PGlite, the default database: buyers replying in their threads and writing to shops, as fast as the API takes them. */
async function sendCase(settings: Settings, jwtSecret: string): Promise<NonNullable<MessagesReport['sends']>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-messages-'));
  const sizes: MessageSizes = {
    buyers: Math.max(settings.senders * 2, 100),
    shops: Math.max(Math.round(settings.senders / 5), 10),
    threads: settings.sendThreads,
    messages: settings.sendMessages,
  };
  try {
    let database = await openPglite(path.join(dataDir, 'db'));
    let seeded;
    let described;
    let senders;
    try {
      await database.migrate();
      console.error(`  seeding PGlite: ${sizes.threads.toLocaleString('en')} threads, ${sizes.messages.toLocaleString('en')} messages`);
      seeded = await seedMessages(database.db, sizes);
      described = await describeDatabase(database);
      senders = await rows<{ buyerId: string; threadId: string }>(
        database.db,
        sql`select distinct on (buyer_id) buyer_id as "buyerId", id as "threadId" from threads order by buyer_id, id limit ${settings.senders}`,
      );
    } finally {
      // PGlite allows one process per data directory: the API opens it next.
      await database.close();
    }
    const tokens = await Promise.all(senders.map((sender) => benchToken(jwtSecret, sender.buyerId)));
    const next = (n: number): LoadRequest => {
      const index = n % senders.length;
      const turn = Math.floor(n / senders.length);
      // One shop each, so a buyer opens at most one new thread, well within the hourly limit on new threads.
      const path = turn % 2 ? `/shops/${benchId('shop', (index * 7) % sizes.shops)}/messages` : `/threads/${senders[index]!.threadId}/messages`;
      return {
        path,
        method: 'POST',
        headers: { ...bearer(tokens[index]!), 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Good afternoon, do you still have the 50 kg bag of rice? (${n})` }),
      };
    };
    const room = senders.length * MESSAGES_PER_MINUTE;
    console.error(
      `  ${described.version}: sending with ${settings.sendConnections} connections, ${senders.length} buyers (room for ${room} messages a minute)`,
    );

    const api = await startApiProcess({ dataDir, databaseUrl: undefined, env: { JWT_SECRET: jwtSecret } });
    let measured;
    try {
      measured = await measureRequests(api.url, next, {
        connections: settings.sendConnections,
        durationMs: settings.sendSeconds * 1000,
        warmupMs: WARMUP_SECONDS * 1000,
        okStatus: 201,
      });
    } finally {
      await api.stop();
    }
    const { statuses, ...result } = measured;
    database = await openPglite(path.join(dataDir, 'db'));
    try {
      const left = await afterSends(database, seeded.messages, seeded.threads);
      const run: SendRun = { connections: settings.sendConnections, seconds: settings.sendSeconds, senders: senders.length, result, statuses, ...left };
      return { database: described.version, source: 'in the API process, on disk', seed: seeded, databaseSizeMb: described.sizeMb, run };
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:messages`: the inbox, the unread count and a long thread's pages on PostgreSQL at 100,000
 * threads and 1,000,000 messages, one client and ten; then how many messages a second PGlite takes, and
 * that every one answered 201 is stored.
 */
async function main() {
  const settings = options();
  // The API and this script sign the same tokens: sessions are seeded, nobody signs in.
  const jwtSecret = randomBytes(32).toString('base64url');
  const report: MessagesReport = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    settings: { connections: settings.connections, seconds: settings.seconds, warmupSeconds: WARMUP_SECONDS },
    targets: { aloneP95Ms: 20, loadedP95Ms: 40, sendsPerSecond: 200 },
    reads: settings.only === 'sends' ? null : await readCase(settings, jwtSecret),
    sends: settings.only === 'reads' ? null : await sendCase(settings, jwtSecret),
  };

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `messages-${report.date}`);
  const table = messagesMarkdown(report);
  await writeFile(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${file}.md`, table);
  console.log(table);
  console.log(`Written to ${path.relative(process.cwd(), file)}.{json,md}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
