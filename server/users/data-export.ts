import { aliasedTable, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import type { Db } from '#server/db/client.ts';
import { bankChecks, messages, ratings, savedShops, shops, threads, users } from '#server/db/schema.ts';
import type { MediaLinks } from '#server/media/hidden-media.ts';
import { productsByShop, shopsOfOwner } from '#server/shops/queries.ts';
import { shopAnswerSchema, shopJson } from '#server/shops/shop-json.ts';
import { ownPhoneVerified, userJson, userJsonSchema } from './user-json';

const side = z.enum(['buyer', 'shop']);

export const dataExportSchema = z.object({
  exported_at: z.string(),
  account: userJsonSchema,
  shops: z.array(shopAnswerSchema).describe('The shops the person owns, each with its products'),
  ratings: z.array(
    z.object({
      id: z.string(),
      shop_id: z.string(),
      shop_name: z.string(),
      stars: z.number(),
      review: z.string(),
      hidden: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  saved_shops: z.array(z.object({ shop_id: z.string(), shop_name: z.string(), saved_at: z.string() })),
  bank_checks: z
    .array(
      z.object({
        shop_id: z.string(),
        bank_name: z.string(),
        account_last4: z.string(),
        account_name: z.string(),
        matched: z.boolean(),
        checked_at: z.string(),
      }),
    )
    .describe('Every bank name check the person ran on their shops; the full account number was never kept'),
  threads: z.array(
    z.object({
      id: z.string(),
      role: side.describe('The person’s side of the thread'),
      shop: z
        .object({ id: z.string().nullable(), name: z.string() })
        .describe(`A shop gone with its owner's account has no id and reads "${MSG.deletedAccount}"`),
      other_name: z.string().describe(`The buyer’s username, or the shop’s name; "${MSG.deletedAccount}" once that side deleted its account`),
      created_at: z.string(),
      messages: z.array(
        z.object({
          id: z.number(),
          from: side,
          mine: z.boolean(),
          body: z.string().describe(`The other side's message a moderator removed reads "${MSG.messageRemoved}"`),
          removed: z.boolean(),
          created_at: z.string(),
        }),
      ),
    }),
  ),
});

type DataExport = z.infer<typeof dataExportSchema>;

/** Everything Kasuwa keeps of one person that they may take away: never a password hash, a token or another person's account. */
export async function dataExport(db: Db, user: typeof users.$inferSelect, links: MediaLinks, now: Date): Promise<DataExport> {
  const ownShops = await shopsOfOwner(db, user.id);
  const products = await productsByShop(
    db,
    ownShops.map((shop) => shop.id),
  );
  const ownShopIds = ownShops.map((shop) => shop.id);

  const rated = await db
    .select({ rating: ratings, shopName: shops.name })
    .from(ratings)
    .innerJoin(shops, eq(shops.id, ratings.shopId))
    .where(eq(ratings.userId, user.id))
    .orderBy(desc(ratings.updatedAt));

  const saved = await db
    .select({ shopId: savedShops.shopId, shopName: shops.name, savedAt: savedShops.createdAt })
    .from(savedShops)
    .innerJoin(shops, eq(shops.id, savedShops.shopId))
    .where(eq(savedShops.userId, user.id))
    .orderBy(desc(savedShops.createdAt));

  const checks = await db.select().from(bankChecks).where(eq(bankChecks.userId, user.id)).orderBy(desc(bankChecks.checkedAt));

  const buyer = aliasedTable(users, 'buyer');
  const threadRows = await db
    .select({ thread: threads, shopName: shops.name, buyerName: buyer.username })
    .from(threads)
    // A side that deleted its account is a null column: its threads stay in the other side's copy.
    .leftJoin(shops, eq(shops.id, threads.shopId))
    .leftJoin(buyer, eq(buyer.id, threads.buyerId))
    .where(or(eq(threads.buyerId, user.id), ownShopIds.length ? inArray(threads.shopId, ownShopIds) : undefined))
    .orderBy(desc(threads.lastMessageId));
  const threadIds = threadRows.map((row) => row.thread.id);
  const messageRows = threadIds.length
    ? await db.select().from(messages).where(inArray(messages.threadId, threadIds)).orderBy(asc(messages.threadId), asc(messages.id))
    : [];
  const byThread = new Map<string, (typeof messageRows)[number][]>();
  for (const message of messageRows) {
    const list = byThread.get(message.threadId);
    if (list) list.push(message);
    else byThread.set(message.threadId, [message]);
  }

  return {
    exported_at: now.toISOString(),
    account: userJson(user, await ownPhoneVerified(db, user)),
    shops: ownShops.map((shop) => shopJson(shop, links, products.get(shop.id), now)),
    ratings: rated.map(({ rating, shopName }) => ({
      id: rating.id,
      shop_id: rating.shopId,
      shop_name: shopName,
      stars: rating.stars,
      review: rating.review,
      hidden: rating.hiddenAt !== null,
      created_at: rating.createdAt.toISOString(),
      updated_at: rating.updatedAt.toISOString(),
    })),
    saved_shops: saved.map((row) => ({ shop_id: row.shopId, shop_name: row.shopName, saved_at: row.savedAt.toISOString() })),
    bank_checks: checks.map((check) => ({
      shop_id: check.shopId,
      bank_name: check.bankName,
      account_last4: check.accountLast4,
      account_name: check.accountName,
      matched: check.matched,
      checked_at: check.checkedAt.toISOString(),
    })),
    threads: threadRows.map(({ thread, shopName: storedShopName, buyerName: storedBuyerName }) => {
      // A person writing to their own shop cannot happen, so one side per thread is theirs.
      const role = thread.buyerId === user.id ? 'buyer' : 'shop';
      const shopName = storedShopName ?? MSG.deletedAccount;
      const buyerName = storedBuyerName ?? MSG.deletedAccount;
      return {
        id: thread.id,
        role,
        shop: { id: thread.shopId, name: shopName },
        other_name: role === 'buyer' ? shopName : buyerName,
        created_at: thread.createdAt.toISOString(),
        messages: (byThread.get(thread.id) ?? []).map((message) => {
          const mine = message.senderId === user.id;
          // Their own words are theirs even when hidden; the other side's hidden words are not given out.
          const withheld = message.hiddenAt !== null && !mine;
          return {
            id: message.id,
            // A deleted side's thread column and its messages' sender are both null, so they still match.
            from: message.senderId === thread.buyerId ? ('buyer' as const) : ('shop' as const),
            mine,
            body: withheld ? MSG.messageRemoved : message.body,
            removed: message.hiddenAt !== null,
            created_at: message.createdAt.toISOString(),
          };
        }),
      };
    }),
  };
}
