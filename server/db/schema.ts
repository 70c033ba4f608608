import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdReminderKind } from '#rules/ad-plan.ts';
import type { ModerationAction, ReportReason } from '#rules/moderation.ts';
import type { OrderStatus } from '#rules/order-requests.ts';
import type { ProductCondition } from '#rules/product-fields.ts';

/** A re-encoded image and its smaller copies, as media storage keys; some older ones have WebP copies only and no colour. */
export type StoredImage = {
  key: string;
  width: number;
  height: number;
  variants: { width: number; key: string; type: 'image/avif' | 'image/webp' | 'image/jpeg' }[];
  /** `#rrggbb`, shown in the photo's place until it arrives. */
  dominantColor?: string;
};

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Granted and revoked from the command line only (`npm run moderator`). */
    isModerator: boolean('is_moderator').notNull().default(false),
    /** Settings: whether a new message in their threads is emailed to them, and whether their ads' renewal reminders are. */
    messageMailAlerts: boolean('message_mail_alerts').notNull().default(true),
    renewalMailAlerts: boolean('renewal_mail_alerts').notNull().default(true),
    /** The language chosen on the site, followed at every sign-in; null until one is chosen. */
    language: text('language'),
    dateJoined: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_phone_e164', sql`${t.phoneNumber} ~ '^\\+234[0-9]{10}$'`),
  ],
);

/** One row per sign-in; every token names it (`sid`), so deleting it ends the whole login at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The generation of the one refresh token that may be used next; each refresh adds one. */
    generation: integer('generation').notNull().default(0),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The login's end, fixed at sign-in: rotation renews the token, not the login. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** What buyers may see of a matched bank account: its bank, its last 4 digits and the name it is in. */
export type BankMatch = { bankName: string; accountLast4: string; accountName: string; matchedAt: string };

export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** One of NIGERIAN_STATES, or null: older shops and clients never name one. */
    state: text('state'),
    area: text('area'),
    /** The shop's own numbers as +234…, or null: Call then uses the owner's, WhatsApp the one for Call. */
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    image: jsonb('image').$type<StoredImage>().notNull(),
    visitorCount: integer('visitor_count').notNull().default(0),
    /** End of the last paid ad month; sponsored while it lies in the future. */
    sponsoredUntil: timestamp('sponsored_until', { withTimezone: true }),
    /** Lower-cased text of the shop, its tags and its products' names, kept by triggers for search. */
    searchText: text('search_text').notNull().default(''),
    /** How many ratings gave 1, 2, 3, 4 and 5 stars; kept by a trigger on `ratings`, with the two totals below. */
    ratingStars: integer('rating_stars').array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    /** Set while a moderator keeps the shop out of every list and page; `hidden_reason` is shown to its owner. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The short link's code (`/s/<code>`), made by the database and never changed. */
    shortCode: text('short_code').notNull().default(sql`kasuwa_short_code()`),
    /** Whether its owner gets a text message when a buyer writes (docs/product.md §4, Alerts); off until they turn it on. */
    smsAlerts: boolean('sms_alerts').notNull().default(false),
    /** Whether its Call number (its own, else its owner's) is one its owner verified; kept by triggers (decision 084). */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The latest moderator's visit to its stall (stall_visits keeps each). */
    stallVisitedAt: timestamp('stall_visited_at', { withTimezone: true }),
    /** The latest bank account whose name matched its owner's (bank_checks keeps every check); never the full number. */
    bankMatch: jsonb('bank_match').$type<BankMatch>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shops_owner_idx').on(t.ownerId),
    // NULLS FIRST is what the lists' plain `desc` means: with drizzle's default the planner ignores the index.
    index('shops_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shops_sponsored_idx').on(t.sponsoredUntil),
    index('shops_rating_idx').on(
      t.ratingAverage.desc().nullsFirst(),
      t.ratingCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('shops_category_lower_idx').on(sql`lower(${t.category})`),
    index('shops_state_created_idx').on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Verified sellers only", newest first, reads the few shops with a check alone; `verifiedSeller` must imply this predicate.
    index('shops_verified_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.phoneVerified} or ${t.bankMatch} is not null or ${t.stallVisitedAt} is not null`),
    index('shops_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // text_pattern_ops serves the suggestions' LIKE 'abc%' in any locale.
    index('shops_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    uniqueIndex('shops_short_code_key').on(t.shortCode),
    // The few hidden shops, read every few seconds by every API process.
    index('shops_hidden_idx').on(t.id).where(sql`${t.hiddenAt} is not null`),
    check('shops_visitor_count_nonnegative', sql`${t.visitorCount} >= 0`),
  ],
);

/** One person's rating of one shop: rating again edits it. */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    review: text('review').notNull().default(''),
    /** Set while a moderator keeps the review off the shop; a hidden rating leaves the shop's totals (trigger). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ratings_shop_user_key').on(t.shopId, t.userId),
    index('ratings_shop_newest_idx').on(t.shopId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ratings_user_newest_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('ratings_review_length', sql`char_length(${t.review}) <= 500`),
  ],
);

/** The shop's one public answer to a review; its owner edits it, a moderator may hide it. */
export const ratingAnswers = pgTable(
  'rating_answers',
  {
    ratingId: uuid('rating_id')
      .primaryKey()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Set while a moderator keeps the answer off the shop's pages. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rating_answers_body_length', sql`char_length(${t.body}) between 1 and 500`)],
);

/** A shop a signed-in person saved (the heart); saving again changes nothing. */
export const savedShops = pgTable(
  'saved_shops',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('saved_shops_shop_idx').on(t.shopId)],
);

/** A report of a shop, of one review on it (`rating_id`) or of one message in its threads (`message_id`); one open report per person per item. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'cascade' }),
    /** The report is of the shop's answer to the review `rating_id` names, not of the review. */
    aboutAnswer: boolean('about_answer').notNull().default(false),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_open_shop_key').on(t.reporterId, t.shopId).where(sql`${t.ratingId} is null and ${t.messageId} is null and ${t.closedAt} is null`),
    uniqueIndex('reports_open_review_key').on(t.reporterId, t.ratingId, t.aboutAnswer).where(sql`${t.ratingId} is not null and ${t.closedAt} is null`),
    uniqueIndex('reports_open_message_key').on(t.reporterId, t.messageId).where(sql`${t.messageId} is not null and ${t.closedAt} is null`),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.closedAt} is null`),
    index('reports_shop_idx').on(t.shopId),
    index('reports_rating_idx').on(t.ratingId),
    index('reports_message_idx').on(t.messageId),
    check('reports_one_item', sql`${t.ratingId} is null or ${t.messageId} is null`),
    check('reports_answer_of_review', sql`not ${t.aboutAnswer} or ${t.ratingId} is not null`),
    check('reports_reason_known', sql`${t.reason} in ('scam', 'misleading', 'prohibited', 'offensive', 'other')`),
    check('reports_details_length', sql`char_length(${t.details}) <= 500`),
  ],
);

/** The audit log: every moderator's action on a shop, a review or a message, with their note. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null once the shop or review is gone with its owner's account: the log keeps the action, not the person (decision 079). */
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'set null' }),
    /** The action was on the shop's answer to the review, not on the review. */
    aboutAnswer: boolean('about_answer').notNull().default(false),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    action: text('action').$type<ModerationAction>().notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_shop_idx').on(t.shopId, t.createdAt),
    index('moderation_actions_rating_idx').on(t.ratingId),
    index('moderation_actions_message_idx').on(t.messageId),
    check('moderation_actions_known', sql`${t.action} in ('dismiss', 'hide', 'restore')`),
    check('moderation_actions_note_length', sql`char_length(${t.note}) between 1 and 500`),
  ],
);

/** So a visitor counts once per window: `visitor` is hashed with a daily key never stored, so it names nobody. */
export const shopVisits = pgTable(
  'shop_visits',
  {
    shopId: uuid('shop_id').notNull(),
    visitor: text('visitor').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.visitor] }), index('shop_visits_seen_idx').on(t.seenAt)],
);

/** So an address adds a few visits per window whatever browsers it claims; `address` is hashed as `visitor` is. */
export const shopVisitAddresses = pgTable(
  'shop_visit_addresses',
  {
    shopId: uuid('shop_id').notNull(),
    address: text('address').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.address] }), index('shop_visit_addresses_window_idx').on(t.windowStart)],
);

/** Each word of the shops' search text once, kept by a trigger: typos are looked up among these, not in every shop's text. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
]);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    image: jsonb('image').$type<StoredImage>().notNull(),
    /** The photos after the cover, in order; the view product_images lists them with the cover. */
    photos: jsonb('photos').$type<StoredImage[]>().notNull().default([]),
    // The columns of rules/product-fields.ts, each property named as its field.
    description: text('description'),
    condition: text('condition').$type<ProductCondition>(),
    negotiable: boolean('negotiable').notNull().default(false),
    in_stock: boolean('in_stock').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_condition_known', sql`${t.condition} in ('new', 'used', 'tokunbo', 'refurbished')`),
    index('products_shop_idx').on(t.shopId, t.createdAt),
    // Product search (docs/product.md §5) looks words up in the names, as shops_search_trgm_idx does for shops.
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('products_price_range', sql`${t.price} >= 0 and ${t.price} <= 1000000`),
  ],
);

export const AD_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: a deleted shop's ads stay (docs/api.md §3). */
    shopId: uuid('shop_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reference: text('reference').notNull().unique(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status').$type<AdStatus>().notNull().default('pending'),
    gatewayResponse: text('gateway_response'),
    /** The checkout a second tap on Pay is sent back to, instead of opening a second payment. */
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ads_shop_idx').on(t.shopId, t.createdAt),
    check('ads_status_known', sql`${t.status} in ('pending', 'success', 'failed', 'abandoned')`),
    check('ads_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Reminders queued, one of each kind per ad period named by its end: a renewal moves the end. */
export const adReminders = pgTable(
  'ad_reminders',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<AdReminderKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.endsAt, t.kind] }), check('ad_reminders_kind_known', sql`${t.kind} in ('ad-ends-soon', 'ad-ends-today')`)],
);

/** The offline Paystack simulator's own ledger, standing in for Paystack's servers. */
export const simulatorTransactions = pgTable('simulator_transactions', {
  reference: text('reference').primaryKey(),
  accessCode: text('access_code').notNull().unique(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  callbackUrl: text('callback_url'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').notNull().default('ongoing'),
  gatewayResponse: text('gateway_response').notNull().default('Awaiting payment'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Secrets made on first start when the environment gives none, so every instance reads the same ones. */
export const generatedSecrets = pgTable('generated_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Mails kept until sent, so a stop loses none; `next_try_at` moves ahead while one instance sends. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to send; the mail itself is written when sent, from the data it names. */
    kind: text('kind').$type<'password-reset' | AdReminderKind | 'message-alert' | 'shop-hidden'>().notNull(),
    /**
     * The address as the request gave it: a password reset for an address no account has sends nothing.
     * A message alert names the account's id instead, so the mail goes to the address it has when sent.
     */
    recipient: text('recipient').notNull(),
    /** The shop a renewal reminder or a hidden-shop notice is about; no foreign key: a deleted shop's sends nothing. */
    shopId: uuid('shop_id'),
    /** The message an alert is about; no foreign key either: a deleted thread's alert sends nothing. */
    messageId: bigint('message_id', { mode: 'number' }),
    tries: integer('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextTryAt)],
);

/** Text messages waiting to go out, like `mail_outbox`; written in full when queued, to a number as +234…. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'message-alert' | 'phone-code'>().notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    tries: integer('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.nextTryAt)],
);

/** Which side of a thread: the buyer, or the shop (its owner). */
export type ThreadSide = 'buyer' | 'shop';

/** One buyer's conversation with one shop (docs/product.md §3); the inbox reads it, the messages hang off it. */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once that side deleted its account: the other side still reads the thread, from "a deleted account"
     * (decision 079). Deleting a shop on its own takes its threads with it.
     */
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The newest message's id: messages are numbered in order, so the inbox sorts and pages by it. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message each side has seen; a side has unread messages while it is below `last_message_id`. */
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    shopReadId: bigint('shop_read_id', { mode: 'number' }).notNull().default(0),
    /** Set while that side blocks the other, who can then write nothing new. */
    buyerBlockedAt: timestamp('buyer_blocked_at', { withTimezone: true }),
    shopBlockedAt: timestamp('shop_blocked_at', { withTimezone: true }),
    /** When each side was last alerted to a new message; no second alert goes out within MESSAGE_ALERT_EVERY_MS. */
    buyerAlertedAt: timestamp('buyer_alerted_at', { withTimezone: true }),
    shopAlertedAt: timestamp('shop_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('threads_shop_buyer_key').on(t.shopId, t.buyerId),
    // The id last: an inbox page reads the index alone (threads.ts, newestThreadIds).
    index('threads_buyer_activity_idx').on(t.buyerId, t.lastMessageId.desc().nullsFirst(), t.id),
    index('threads_shop_activity_idx').on(t.shopId, t.lastMessageId.desc().nullsFirst(), t.id),
  ],
);

/** One line of a thread; `id` counts up, so a thread's messages page oldest first by it. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** Null once the sender deleted their account; the thread's null side then sent it (decision 079). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The order request this message made or moved; its thread shows the order's current status. */
    orderId: uuid('order_id').references(() => orderRequests.id, { onDelete: 'cascade' }),
    /** Set while a moderator hides it: both sides then see only that it was removed. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id),
    index('messages_order_idx').on(t.orderId),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** A buyer's request to buy products of a shop, sent into their thread; no money moves through Kasuwa. */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull().default('requested'),
    note: text('note'),
    declineReason: text('decline_reason'),
    /** Naira: the lines' unit prices times their quantities, as they were when sent. */
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_requests_thread_idx').on(t.threadId),
    check('order_requests_status_known', sql`${t.status} in ('requested', 'accepted', 'declined', 'ready', 'completed', 'cancelled')`),
    check('order_requests_note_length', sql`char_length(${t.note}) <= 500 and char_length(${t.declineReason}) <= 500`),
  ],
);

/** One product of an order request, with its name and price as they were when it was sent. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Null once the product is deleted: the line keeps its name and price. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] }), check('order_lines_quantity_range', sql`${t.quantity} between 1 and 999`)],
);

/** A code texted to prove a number; only its hash is kept, and it ends early on a new code or a right guess. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As +234…. */
    phone: text('phone').notNull(),
    /** sha256 of the row's id and the code, hex. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
  },
  // The hourly limits count rows by account and by number.
  (t) => [index('phone_codes_user_created_idx').on(t.userId, t.createdAt), index('phone_codes_phone_created_idx').on(t.phone, t.createdAt)],
);

/** A number its owner proved with a code; a shop whose Call number is one of its owner's is phone verified. */
export const verifiedPhones = pgTable(
  'verified_phones',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] })],
);

/** Each visit a moderator recorded at a shop's stall, standing there with its poster's QR code. */
export const stallVisits = pgTable(
  'stall_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stall_visits_shop_idx').on(t.shopId, t.visitedAt), check('stall_visits_note_length', sql`char_length(${t.note}) <= 500`)],
);

/** Every bank name check an owner ran (docs/product.md §4, Bank name matched): never the full account number. */
export const bankChecks = pgTable(
  'bank_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    bankName: text('bank_name').notNull(),
    accountLast4: text('account_last4').notNull(),
    /** The name the owner typed; the bank's own name for the account is not kept. */
    accountName: text('account_name').notNull(),
    matched: boolean('matched').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_checks_shop_idx').on(t.shopId, t.checkedAt),
    check('bank_checks_last4', sql`${t.accountLast4} ~ '^[0-9]{4}$'`),
    check('bank_checks_name_length', sql`char_length(${t.accountName}) <= 100`),
  ],
);
