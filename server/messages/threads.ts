import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { MSG } from '#rules/messages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { messages, orderRequests, shops, type ThreadSide, threads, users } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/errors.ts';
import { isId, messageIdOf } from '#server/ids.ts';
import { alertParts, type QueuedAlerts } from './alerts';
import { blockedAt, otherSide, type ThreadRow } from './thread-json';

const buyers = alias(users, 'buyers');

const threadColumns = {
  id: threads.id,
  shopId: threads.shopId,
  shopName: shops.name,
  shopHidden: sql<boolean>`(${shops.hiddenAt} is not null)`,
  buyerId: threads.buyerId,
  buyerName: buyers.username,
  lastMessageId: threads.lastMessageId,
  lastMessageAt: threads.lastMessageAt,
  buyerReadId: threads.buyerReadId,
  shopReadId: threads.shopReadId,
  buyerBlockedAt: threads.buyerBlockedAt,
  shopBlockedAt: threads.shopBlockedAt,
};

function selectThreads(db: Db, where: SQL | undefined) {
  // Left joins: a side that deleted its account leaves its column null, and the other side still reads the thread.
  return db.select(threadColumns).from(threads).leftJoin(shops, eq(shops.id, threads.shopId)).leftJoin(buyers, eq(buyers.id, threads.buyerId)).where(where);
}

/** The threads one person is a side of: as buyer, or as owner of the shop. */
function sideOf(userId: string): SQL {
  const ownShops = sql`(select ${shops.id} from ${shops} where ${shops.ownerId} = ${userId})`;
  return or(eq(threads.buyerId, userId), inArray(threads.shopId, ownShops))!;
}

/** The thread and the side `userId` is on; 404 to anyone else, so a thread's existence is never revealed. */
export async function threadFor(db: Db, id: string, userId: string): Promise<{ thread: ThreadRow; side: ThreadSide }> {
  if (!isId(id)) throw notFound();
  const [thread] = await selectThreads(db, and(eq(threads.id, id), sideOf(userId))).limit(1);
  if (!thread) throw notFound();
  return { thread, side: thread.buyerId === userId ? 'buyer' : 'shop' };
}

/** The buyer's thread with a shop, if they have written to it before. */
export async function buyerThread(db: Db, shopId: string, buyerId: string): Promise<ThreadRow | undefined> {
  const [thread] = await selectThreads(db, and(eq(threads.shopId, shopId), eq(threads.buyerId, buyerId))).limit(1);
  return thread;
}

/** Opens the buyer's thread with a shop; a second request racing this one finds the thread it made. */
export async function openThread(db: Db, shopId: string, buyerId: string): Promise<ThreadRow> {
  await db.insert(threads).values({ shopId, buyerId }).onConflictDoNothing();
  return (await buyerThread(db, shopId, buyerId))!;
}

type StoredRow = {
  id: string | number;
  thread_id: string;
  sender_id: string;
  body: string;
  order_id: string | null;
  created_at: string | Date;
  mailed: boolean;
  texted: boolean;
};

/**
 * One statement: takes the message's number, moves the thread (checking the block again, so a block made
 * meanwhile wins), stores the message and queues the other side's alerts. One statement is one round trip
 * and needs no transaction of its own; null when the block refused it.
 */
async function storeMessage(db: Db | Tx, webUrl: string, thread: ThreadRow, side: ThreadSide, senderId: string, body: string, orderId: string | null) {
  const readMark = sql.identifier(side === 'buyer' ? 'buyer_read_id' : 'shop_read_id');
  const otherBlock = sql.identifier(side === 'buyer' ? 'shop_blocked_at' : 'buyer_blocked_at');
  const alert = alertParts(webUrl, thread, otherSide(side));
  // greatest(): of two messages committing out of order, the thread keeps the newer.
  const { rows } = (await db.execute(sql`
    with next as (select nextval(pg_get_serial_sequence('messages', 'id')) as id),
    moved as (
      update ${threads} set
        last_message_id = greatest(last_message_id, (select id from next)),
        last_message_at = greatest(last_message_at, now()),
        ${readMark} = greatest(${readMark}, (select id from next)),
        ${alert.set}
      where ${threads.id} = ${thread.id} and ${otherBlock} is null and shop_id is not null and buyer_id is not null
      returning ${alert.alerted}
    ),
    inserted as (
      insert into ${messages} (id, thread_id, sender_id, body, order_id) overriding system value
      select next.id, ${thread.id}, ${senderId}, ${body}, ${orderId} from next, moved
      returning *
    ),
    ${alert.queue}
    select inserted.*, exists (select 1 from mail) as mailed, exists (select 1 from sms) as texted from inserted`)) as { rows: StoredRow[] };
  const row = rows[0];
  if (!row) return null;
  const message: typeof messages.$inferSelect = {
    id: Number(row.id),
    threadId: row.thread_id,
    senderId: row.sender_id,
    body: row.body,
    orderId: row.order_id,
    hiddenAt: null,
    createdAt: new Date(row.created_at),
  };
  const alerts: QueuedAlerts = { mail: row.mailed, sms: row.texted };
  return { ...message, alerts };
}

/**
 * Adds a message, moves the thread up the inbox and queues the other side's alerts (links from `webUrl`);
 * refused while the other side blocks the sender or the shop is hidden. `order` runs first in a
 * transaction with it and names the order request the message is about.
 */
export async function sendMessage(
  db: Db,
  webUrl: string,
  thread: ThreadRow,
  side: ThreadSide,
  senderId: string,
  body: string,
  order?: (tx: Tx) => Promise<string>,
) {
  if (thread.shopId === null || thread.buyerId === null) throw detailError(403, MSG.otherSideDeleted);
  if (thread.shopHidden) throw detailError(403, MSG.shopHiddenMessages);
  if (blockedAt(thread, otherSide(side))) throw detailError(403, MSG.blockedByOther);
  const stored = order
    ? await db.transaction(async (tx) => {
        const sent = await storeMessage(tx, webUrl, thread, side, senderId, body, await order(tx));
        // Thrown inside, so the order request goes too.
        if (!sent) throw detailError(403, MSG.blockedByOther);
        return sent;
      })
    : await storeMessage(db, webUrl, thread, side, senderId, body, null);
  if (!stored) throw detailError(403, MSG.blockedByOther);
  return stored;
}

/** A page of a thread's messages, newest `limit` before `before` (all when not given), oldest first. */
export async function threadMessages(db: Db, threadId: string, before: number | undefined, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, threadId), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const earlier = rows.length > limit ? rows[limit - 1]!.id : null;
  return { rows: rows.slice(0, limit).reverse(), earlier };
}

/** The first `limit` messages after `after`, oldest first, along the (thread, id) index: what a polling page asks for. */
export async function newerMessages(db: Db, threadId: string, after: number, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, threadId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(limit + 1);
  const later = rows.length > limit ? rows[limit - 1]!.id : null;
  return { rows: rows.slice(0, limit), later };
}

/** One message of the thread, a 404 when it is not there. */
export async function threadMessage(db: Db, threadId: string, id: string) {
  const messageId = messageIdOf(id);
  const [message] = messageId
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.threadId, threadId), eq(messages.id, messageId)))
        .limit(1)
    : [];
  if (!message) throw detailError(404, MSG.messageNotFound);
  return message;
}

/** Marks everything in the thread read for `side`; a side already read writes nothing, so polling costs no row write. */
export async function markRead(db: Db, thread: ThreadRow, side: ThreadSide) {
  const column = side === 'buyer' ? threads.buyerReadId : threads.shopReadId;
  const mark = side === 'buyer' ? { buyerReadId: sql`${threads.lastMessageId}` } : { shopReadId: sql`${threads.lastMessageId}` };
  await db
    .update(threads)
    .set(mark)
    .where(and(eq(threads.id, thread.id), lt(column, threads.lastMessageId)));
}

export async function setBlocked(db: Db, thread: ThreadRow, side: ThreadSide, blocked: boolean) {
  const at = blocked ? sql`coalesce(${side === 'buyer' ? threads.buyerBlockedAt : threads.shopBlockedAt}, now())` : null;
  await db
    .update(threads)
    .set(side === 'buyer' ? { buyerBlockedAt: at } : { shopBlockedAt: at })
    .where(eq(threads.id, thread.id));
}

const userId = sql.placeholder('userId');
const pageLimit = sql.placeholder('limit');

/**
 * Two indexed walks, as buyer and as owner of each shop, each stopping after `limit`: an OR of the two would
 * read every thread. Per shop (lateral), as a join on shops lets the planner read all the shop's threads and
 * sort them; the id in the index lets the walk skip the table.
 */
function newestThreadIds(db: Db, older: SQL | undefined) {
  const ids = { id: threads.id, lastMessageId: threads.lastMessageId };
  const shopNewest = db
    .select(ids)
    .from(threads)
    .where(and(eq(threads.shopId, shops.id), older))
    .orderBy(desc(threads.lastMessageId))
    .limit(pageLimit)
    .as('shop_newest');
  return unionAll(
    db
      .select(ids)
      .from(threads)
      .where(and(eq(threads.buyerId, userId), older))
      .orderBy(desc(threads.lastMessageId))
      .limit(pageLimit),
    db
      .select({ id: shopNewest.id, lastMessageId: shopNewest.lastMessageId })
      .from(shops)
      .crossJoinLateral(shopNewest)
      .where(eq(shops.ownerId, userId))
      .orderBy(desc(shopNewest.lastMessageId))
      .limit(pageLimit),
  ).as('newest');
}

/** One page of the inbox, `limit` + 1 rows to tell whether there is another; `before` only where `older` is given. */
function inboxStatement(db: Db, name: string, older: SQL | undefined) {
  const newest = newestThreadIds(db, older);
  return (
    db
      .select({
        ...threadColumns,
        lastBody: messages.body,
        lastSenderId: messages.senderId,
        lastHiddenAt: messages.hiddenAt,
        lastOrderStatus: orderRequests.status,
      })
      .from(newest)
      .innerJoin(threads, eq(threads.id, newest.id))
      .leftJoin(shops, eq(shops.id, threads.shopId))
      .leftJoin(buyers, eq(buyers.id, threads.buyerId))
      .innerJoin(messages, eq(messages.id, threads.lastMessageId))
      .leftJoin(orderRequests, eq(orderRequests.id, messages.orderId))
      .orderBy(desc(threads.lastMessageId))
      .limit(pageLimit)
      // Named, so PostgreSQL plans this join of seven once per connection rather than on every page.
      .prepare(name)
  );
}

const newestPage = preparedOnce((db) => inboxStatement(db, 'inbox', undefined));
const olderPage = preparedOnce((db) => inboxStatement(db, 'inbox_before', lt(threads.lastMessageId, sql.placeholder('before'))));

/** One page of a person's inbox, most recent activity first, with each thread's last message. */
export async function inbox(db: Db, userId: string, before: number | undefined, limit: number) {
  const values = { userId, limit: limit + 1 };
  const rows = before === undefined ? await newestPage(db).execute(values) : await olderPage(db).execute({ ...values, before });
  const more = rows.length > limit ? rows[limit - 1]!.lastMessageId : null;
  return { rows: rows.slice(0, limit), more };
}

/** How many of a person's threads have a message they have not opened: as buyer, plus as owner. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const asBuyer = db
    .select({ n: count() })
    .from(threads)
    .where(and(eq(threads.buyerId, userId), gt(threads.lastMessageId, threads.buyerReadId)));
  const asOwner = db
    .select({ n: count() })
    .from(threads)
    .innerJoin(shops, eq(shops.id, threads.shopId))
    .where(and(eq(shops.ownerId, userId), gt(threads.lastMessageId, threads.shopReadId)));
  const [[buyer], [owner]] = await Promise.all([asBuyer, asOwner]);
  return (buyer?.n ?? 0) + (owner?.n ?? 0);
}
