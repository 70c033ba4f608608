/** Every business constant of docs/product.md §9, in one place for both tiers. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What our forms take without JavaScript: a phone camera's photo, shrunk by the web tier before it travels on. */
export const CAMERA_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export const AD_PLAN = { priceNaira: 5000, months: 1, currency: 'NGN' } as const;
/** Paystack counts in kobo. */
export const AD_PLAN_KOBO = AD_PLAN.priceNaira * 100;

export const IDLE_MINUTES_SHELL = 5;
export const IDLE_MINUTES_FACILITY_DEFAULT = 15;

export const SEARCH_SUGGESTIONS = 5;
/** Products shown beside the shops on the search results page. */
export const PRODUCTS_IN_SEARCH = 8;
/** The words of a search that must all match; any after them are ignored. */
export const SEARCH_WORDS_MAX = 8;

export const PRODUCT_PRICE_MAX = 1_000_000;

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

export const DELAYS_MS = {
  afterCreateShop: 3000,
  afterEditShop: 2000,
  afterAddProducts: 4000,
  afterEditProduct: 2000,
  deleteMessage: 3000,
  copyPopup: 2000,
} as const;

export const SKELETONS = { home: 8, search: 8, products: 8, myShops: 4 } as const;

export const ADD_PRODUCTS_TIMEOUT_MS = 30_000;

/** Bounds so a single request cannot store novels or thousands of rows. */
export const TEXT_MAX = {
  username: 150,
  email: 254,
  password: 128,
  shopName: 120,
  shopAddress: 300,
  shopCategory: 60,
  shopDescription: 2000,
  shopArea: 80,
  tag: 30,
  productName: 120,
  productDescription: 1000,
} as const;
export const TAGS_MAX = 10;

/** A rating's optional review. */
export const REVIEW_MAX = 500;
/** Ratings saved or removed by one person in an hour; more get 429. */
export const RATING_WRITES_PER_HOUR = 30;
/** Answers to reviews an owner saves or removes in an hour; more get 429. An answer is as long as a review at most. */
export const ANSWER_WRITES_PER_HOUR = 30;
/** Newest reviews on the shop page; the rest are paged on its reviews page. */
export const REVIEWS_ON_SHOP_PAGE = 3;
export const REVIEWS_PAGE_SIZE = 20;
export const PRODUCTS_PER_BATCH_MAX = 20;
/** A product's photos, its cover included. */
export const PRODUCT_PHOTOS_MAX = 5;
/** What a person adds to a report, and a moderator's note on an action. */
export const REPORT_DETAILS_MAX = 500;
export const MODERATION_NOTE_MAX = 500;
/** Reports one person sends in an hour; more get 429. */
export const REPORTS_PER_HOUR = 20;
/** A moderator's stall visit shows on the shop for this long. */
export const STALL_VISIT_DAYS = 365;
/** Open scam reports from this many phone-verified accounts within `days` hide a shop until a moderator decides. */
export const SCAM_REPORTS_TO_HIDE = { accounts: 2, days: 30 } as const;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

/** Views of shop pages the web tier reports in one call (POST /shops/visits/). */
export const VIEWS_PER_REPORT_MAX = 1000;
/** How much of a browser's User-Agent tells visitors apart; both tiers cut it here so they agree. */
export const VISITOR_AGENT_MAX = 256;
/** The longest visitor address a view report carries (an IPv6 address with its zone fits). */
export const VISITOR_ADDRESS_MAX = 64;

/** Shops a visitor without an account can save: their ids must fit in one cookie. */
export const SAVED_SHOPS_COOKIE_MAX = 50;
/** Shops one account can save: the hearts of every page read the whole list. */
export const SAVED_SHOPS_ACCOUNT_MAX = 500;
/** Saves and removals by one person in an hour; more get 429. */
export const SAVED_WRITES_PER_HOUR = 120;
/**
 * Short links (`/s/{code}`) opened from one address in a minute; more get 429. A market's phones share
 * one address behind their operator, and each scan is one lookup; a script trying codes is slowed to a crawl.
 */
export const SHORT_LINK_LOOKUPS_PER_MINUTE = 120;

/** A private message to or from a shop (docs/product.md §5). */
export const MESSAGE_MAX = 2000;
/** Conversations one person starts with shops in an hour; more get 429. */
export const NEW_THREADS_PER_HOUR = 10;
/** Messages one person sends in a minute, in all their threads; more get 429. */
export const MESSAGES_PER_MINUTE = 20;
/** Messages of a thread shown at once, the newest; earlier ones are paged. */
export const THREAD_PAGE_SIZE = 50;
export const INBOX_PAGE_SIZE = 20;
/** Lines of one order request, and the note a buyer may add to it. */
export const ORDER_LINES_MAX = 20;
export const ORDER_NOTE_MAX = 500;
/** Messages a moderator sees on each side of a reported one, so it reads in its conversation. */
export const REPORTED_MESSAGE_CONTEXT = 5;
/** A side of a thread gets at most one alert (mail, and a text message when turned on) in this long. */
export const MESSAGE_ALERT_EVERY_MINUTES = 10;
/** How much of a message an alert mail quotes. */
export const MESSAGE_ALERT_EXCERPT_MAX = 80;
/** Codes that prove a phone number is its owner's; few texts per hour, since each costs money and can be aimed at a stranger. */
export const PHONE_CODE = { digits: 6, minutes: 10, wrongTries: 5, perNumberPerHour: 3, perAccountPerHour: 5 } as const;

/** Bank name matched (docs/product.md §4): each check asks Paystack, so an account gets a few an hour. */
export const BANK_CHECK = { accountDigits: 10, nameMax: 100, perAccountPerHour: 5 } as const;
