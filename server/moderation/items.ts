import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { MODERATION_ACTIONS, type ModerationAction, REPORT_REASONS } from '#rules/moderation.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { messages, moderationActions, ratingAnswers, ratings, reports, shops, threads, users } from '#server/db/schema.ts';
import type { MediaLinks } from '#server/media/hidden-media.ts';
import { imageJson } from '#server/media/images.ts';

/** A reported thing: a shop, one review on it (`rating_id`), the shop's answer to that review (`aboutAnswer`) or one message in its threads (`message_id`). */
export type ItemKey = { shopId: string; ratingId: string | null; aboutAnswer?: boolean; messageId: number | null };

const reasonCounts = z.object(Object.fromEntries(REPORT_REASONS.map((reason) => [reason, z.number()])) as Record<(typeof REPORT_REASONS)[number], z.ZodNumber>);

export const moderationItemSchema = z.object({
  kind: z.enum(['shop', 'review', 'answer', 'message']),
  shop_id: z.string(),
  rating_id: z.string().nullable(),
  message_id: z.number().nullable().describe('The reported message: GET /moderation/messages/{message_id} shows it in its thread'),
  shop_name: z.string(),
  review: z.string().nullable().describe('The review as typed, for a reported review or answer'),
  answer: z.string().nullable().describe("The shop's answer to the review as typed, for a reported answer"),
  message: z.string().nullable().describe('The message as sent, for a reported message'),
  stars: z.number().nullable(),
  author: z
    .string()
    .nullable()
    .describe("The review's writer (also for an answer to it), the shop's owner, or a message's sender (the buyer's username or the shop's name)"),
  hidden_at: z.string().nullable(),
});

export const openItemSchema = moderationItemSchema.extend({
  open_reports: z.number(),
  reasons: reasonCounts.describe('Open reports by reason'),
  last_reported_at: z.string(),
});

export const reportsAndLogSchema = z.object({
  open_reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string(), reporter: z.string(), created_at: z.string() })),
  actions: z
    .array(z.object({ action: z.enum(MODERATION_ACTIONS), note: z.string(), moderator: z.string().nullable(), created_at: z.string() }))
    .describe('The audit log, newest first'),
});

export const itemDetailSchema = moderationItemSchema.extend(reportsAndLogSchema.shape).extend({
  hidden_reason: z.string().nullable(),
  shop: z
    .object({ category: z.string(), address: z.string(), description: z.string(), image_url: z.string() })
    .describe('The shop as its page shows it, which a hidden shop’s page does not: what a moderator decides on'),
});

type ItemRow = {
  shopId: string;
  ratingId: string | null;
  aboutAnswer: boolean;
  messageId: number | null;
  shopName: string;
  review: string | null;
  answer: string | null;
  message: string | null;
  stars: number | null;
  author: string | null;
  hiddenAt: Date | null;
  shopHiddenReason: string | null;
};

export const itemOf = (row: ItemRow): z.infer<typeof moderationItemSchema> => ({
  kind: row.messageId ? 'message' : row.aboutAnswer ? 'answer' : row.ratingId ? 'review' : 'shop',
  shop_id: row.shopId,
  rating_id: row.ratingId,
  message_id: row.messageId,
  shop_name: row.shopName,
  review: row.review,
  answer: row.answer,
  message: row.message,
  stars: row.stars,
  author: row.author,
  hidden_at: row.hiddenAt?.toISOString() ?? null,
});

async function shopItems(db: Db | Tx, shopIds: string[]): Promise<ItemRow[]> {
  if (!shopIds.length) return [];
  return db
    .select({
      shopId: shops.id,
      ratingId: sql<string | null>`null`,
      aboutAnswer: sql<boolean>`false`,
      messageId: sql<number | null>`null`,
      shopName: shops.name,
      review: sql<string | null>`null`,
      answer: sql<string | null>`null`,
      message: sql<string | null>`null`,
      stars: sql<number | null>`null`,
      author: users.username,
      hiddenAt: shops.hiddenAt,
      shopHiddenReason: shops.hiddenReason,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(inArray(shops.id, shopIds));
}

async function reviewItems(db: Db | Tx, ratingIds: string[]): Promise<ItemRow[]> {
  if (!ratingIds.length) return [];
  return db
    .select({
      shopId: ratings.shopId,
      ratingId: ratings.id,
      aboutAnswer: sql<boolean>`false`,
      messageId: sql<number | null>`null`,
      shopName: shops.name,
      review: ratings.review,
      answer: sql<string | null>`null`,
      message: sql<string | null>`null`,
      stars: ratings.stars,
      author: users.username,
      hiddenAt: ratings.hiddenAt,
      shopHiddenReason: sql<string | null>`null`,
    })
    .from(ratings)
    .innerJoin(shops, eq(shops.id, ratings.shopId))
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(inArray(ratings.id, ratingIds));
}

/** A reported answer comes with the review it answers; its author is the review's writer. */
async function answerItems(db: Db | Tx, ratingIds: string[]): Promise<ItemRow[]> {
  if (!ratingIds.length) return [];
  return db
    .select({
      shopId: ratings.shopId,
      ratingId: ratings.id,
      aboutAnswer: sql<boolean>`true`,
      messageId: sql<number | null>`null`,
      shopName: shops.name,
      review: ratings.review,
      answer: ratingAnswers.body,
      message: sql<string | null>`null`,
      stars: ratings.stars,
      author: users.username,
      hiddenAt: ratingAnswers.hiddenAt,
      shopHiddenReason: sql<string | null>`null`,
    })
    .from(ratingAnswers)
    .innerJoin(ratings, eq(ratings.id, ratingAnswers.ratingId))
    .innerJoin(shops, eq(shops.id, ratings.shopId))
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(inArray(ratingAnswers.ratingId, ratingIds));
}

/** A reported message's author is its sender as the other side knows them: the buyer's username or the shop's name. */
export async function messageItems(db: Db | Tx, messageIds: number[]): Promise<ItemRow[]> {
  if (!messageIds.length) return [];
  return db
    .select({
      shopId: shops.id,
      ratingId: sql<string | null>`null`,
      aboutAnswer: sql<boolean>`false`,
      messageId: messages.id,
      shopName: shops.name,
      review: sql<string | null>`null`,
      answer: sql<string | null>`null`,
      message: messages.body,
      stars: sql<number | null>`null`,
      // A buyer who deleted their account leaves both ids null (decision 079).
      author: sql<string>`case when ${messages.senderId} is not distinct from ${threads.buyerId} then coalesce(${users.username}, ${MSG.deletedAccount}) else ${shops.name} end`,
      hiddenAt: messages.hiddenAt,
      shopHiddenReason: sql<string | null>`null`,
    })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .innerJoin(shops, eq(shops.id, threads.shopId))
    .leftJoin(users, eq(users.id, threads.buyerId))
    .where(inArray(messages.id, messageIds));
}

/** A review must be on the shop named. */
async function findItem(db: Db | Tx, key: ItemKey): Promise<ItemRow | undefined> {
  const [row] = key.ratingId ? await (key.aboutAnswer ? answerItems : reviewItems)(db, [key.ratingId]) : await shopItems(db, [key.shopId]);
  return row && row.shopId === key.shopId ? row : undefined;
}

/** A message's reports and log are its own; a review's exclude its answer's; a shop's exclude those of its reviews and messages. */
const itemWhere = (table: typeof reports | typeof moderationActions, key: ItemKey) =>
  key.messageId
    ? eq(table.messageId, key.messageId)
    : and(
        eq(table.shopId, key.shopId),
        key.ratingId
          ? and(eq(table.ratingId, key.ratingId), eq(table.aboutAnswer, key.aboutAnswer ?? false))
          : and(isNull(table.ratingId), isNull(table.messageId)),
      );

/** The open reports and the audit log of one item, as its moderation page shows them. */
export async function reportsAndLog(db: Db | Tx, key: ItemKey) {
  const [open, actions] = await Promise.all([
    db
      .select({ reason: reports.reason, details: reports.details, reporter: users.username, createdAt: reports.createdAt })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(itemWhere(reports, key), isNull(reports.closedAt)))
      .orderBy(desc(reports.createdAt)),
    db
      .select({ action: moderationActions.action, note: moderationActions.note, moderator: users.username, createdAt: moderationActions.createdAt })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.moderatorId))
      .where(itemWhere(moderationActions, key))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)),
  ]);
  return {
    open_reports: open.map((r) => ({ reason: r.reason, details: r.details, reporter: r.reporter, created_at: r.createdAt.toISOString() })),
    actions: actions.map((a) => ({ action: a.action, note: a.note, moderator: a.moderator, created_at: a.createdAt.toISOString() })),
  };
}

const keyId = (key: ItemKey) => (key.messageId ? `message ${key.messageId}` : key.aboutAnswer ? `answer ${key.ratingId}` : (key.ratingId ?? key.shopId));

export async function openItems(db: Db, limit: number): Promise<z.infer<typeof openItemSchema>[]> {
  const counted = await db
    .select({
      shopId: reports.shopId,
      ratingId: reports.ratingId,
      aboutAnswer: reports.aboutAnswer,
      messageId: reports.messageId,
      reason: reports.reason,
      count: sql<number>`count(*)::int`,
      last: sql<Date>`max(${reports.createdAt})`,
    })
    .from(reports)
    .where(isNull(reports.closedAt))
    .groupBy(reports.shopId, reports.ratingId, reports.aboutAnswer, reports.messageId, reports.reason);
  const groups = new Map<string, { key: ItemKey; total: number; last: Date; reasons: Record<string, number> }>();
  for (const row of counted) {
    const id = keyId(row);
    const group = groups.get(id) ?? {
      key: { shopId: row.shopId, ratingId: row.ratingId, aboutAnswer: row.aboutAnswer, messageId: row.messageId },
      total: 0,
      last: new Date(0),
      reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])),
    };
    group.total += row.count;
    group.reasons[row.reason] = row.count;
    const last = new Date(row.last);
    if (last > group.last) group.last = last;
    groups.set(id, group);
  }
  const chosen = [...groups.values()].sort((a, b) => b.total - a.total || b.last.getTime() - a.last.getTime()).slice(0, limit);
  const [shopRows, reviewRows, answerRows, messageRows] = await Promise.all([
    shopItems(
      db,
      chosen.filter((g) => !g.key.ratingId && !g.key.messageId).map((g) => g.key.shopId),
    ),
    reviewItems(
      db,
      chosen.flatMap((g) => (g.key.ratingId && !g.key.aboutAnswer ? [g.key.ratingId] : [])),
    ),
    answerItems(
      db,
      chosen.flatMap((g) => (g.key.ratingId && g.key.aboutAnswer ? [g.key.ratingId] : [])),
    ),
    messageItems(
      db,
      chosen.flatMap((g) => (g.key.messageId ? [g.key.messageId] : [])),
    ),
  ]);
  const rows = new Map([...shopRows, ...reviewRows, ...answerRows, ...messageRows].map((row) => [keyId(row), row]));
  return chosen.flatMap((group) => {
    const row = rows.get(keyId(group.key));
    if (!row) return [];
    return [{ ...itemOf(row), open_reports: group.total, reasons: group.reasons as z.infer<typeof reasonCounts>, last_reported_at: group.last.toISOString() }];
  });
}

export async function itemDetail(db: Db | Tx, key: ItemKey, links: MediaLinks): Promise<z.infer<typeof itemDetailSchema> | undefined> {
  const row = await findItem(db, key);
  if (!row) return undefined;
  const [[shop], log] = await Promise.all([
    db
      .select({ category: shops.category, address: shops.address, description: shops.description, image: shops.image })
      .from(shops)
      .where(eq(shops.id, key.shopId))
      .limit(1),
    reportsAndLog(db, key),
  ]);
  if (!shop) return undefined;
  const { image, ...text } = shop;
  return { ...itemOf(row), hidden_reason: row.shopHiddenReason, shop: { ...text, image_url: imageJson(image, links).url }, ...log };
}

/** False when the action would change nothing (hiding what is hidden). */
export async function applyAction(db: Db, key: ItemKey, moderatorId: string, action: ModerationAction, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    let changed: { id: string }[];
    if (action === 'dismiss') {
      changed = await tx
        .update(reports)
        .set({ closedAt: now })
        .where(and(itemWhere(reports, key), isNull(reports.closedAt)))
        .returning({ id: reports.id });
      // Without the reports, nothing holds up a shop the scam-report rule hid.
      if (changed.length && !key.ratingId && !key.messageId) {
        await tx
          .update(shops)
          .set({ hiddenAt: null, hiddenReason: null })
          .where(and(eq(shops.id, key.shopId), eq(shops.hiddenReason, MSG.hiddenByScamReports)));
      }
    } else {
      const hiding = action === 'hide';
      const wasHidden = hiding ? isNull(shops.hiddenAt) : sql`${shops.hiddenAt} is not null`;
      if (key.messageId) {
        const wasHiddenMessage = hiding ? isNull(messages.hiddenAt) : sql`${messages.hiddenAt} is not null`;
        changed = await tx
          .update(messages)
          .set({ hiddenAt: hiding ? now : null })
          .where(and(eq(messages.id, key.messageId), wasHiddenMessage))
          .returning({ id: sql<string>`${messages.id}::text` });
      } else if (key.ratingId && key.aboutAnswer) {
        const wasHiddenAnswer = hiding ? isNull(ratingAnswers.hiddenAt) : sql`${ratingAnswers.hiddenAt} is not null`;
        changed = await tx
          .update(ratingAnswers)
          .set({ hiddenAt: hiding ? now : null })
          .where(and(eq(ratingAnswers.ratingId, key.ratingId), wasHiddenAnswer))
          .returning({ id: ratingAnswers.ratingId });
      } else if (key.ratingId) {
        const wasHiddenReview = hiding ? isNull(ratings.hiddenAt) : sql`${ratings.hiddenAt} is not null`;
        changed = await tx
          .update(ratings)
          .set({ hiddenAt: hiding ? now : null })
          .where(and(eq(ratings.id, key.ratingId), wasHiddenReview))
          .returning({ id: ratings.id });
      } else {
        // A shop the scam-report rule hid waits for a moderator: hiding it again confirms it with their note.
        const byRule = eq(shops.hiddenReason, MSG.hiddenByScamReports);
        changed = await tx
          .update(shops)
          .set({ hiddenAt: hiding ? sql`coalesce(${shops.hiddenAt}, ${now.toISOString()}::timestamptz)` : null, hiddenReason: hiding ? note : null })
          .where(and(eq(shops.id, key.shopId), hiding ? or(wasHidden, byRule) : wasHidden))
          .returning({ id: shops.id });
      }
      // Decided: the reports that led here are closed, so a restored shop starts its count again.
      if (changed.length) {
        await tx
          .update(reports)
          .set({ closedAt: now })
          .where(and(itemWhere(reports, key), isNull(reports.closedAt)));
      }
    }
    if (!changed.length) return false;
    await tx.insert(moderationActions).values({ ...key, moderatorId, action, note });
    return true;
  });
}

export async function setModerator(db: Db, email: string, grant: boolean): Promise<'changed' | 'unchanged' | 'unknown'> {
  const [user] = await db
    .select({ id: users.id, isModerator: users.isModerator })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!user) return 'unknown';
  if (user.isModerator === grant) return 'unchanged';
  await db.update(users).set({ isModerator: grant }).where(eq(users.id, user.id));
  return 'changed';
}
