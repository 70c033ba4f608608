import { createReadableStreamFromReadable } from '@react-router/node';
import { Agent, request, FormData as UndiciFormData, errors as undiciErrors } from 'undici';
import { z } from 'zod';
import { getWebEnv } from '#app/lib/env.server.ts';
import { LANGUAGES, type Language } from '#rules/i18n/languages.ts';
import { AD_PLAN } from '#rules/limits.ts';
import {
  adSchema,
  bankCheckResultSchema,
  bankListSchema,
  categoriesSchema,
  dataExportSchema,
  itemDetailSchema,
  mailAlertsSchema,
  messageItemSchema,
  messageSchema,
  myRatingListSchema,
  openItemsSchema,
  paymentStartSchema,
  paymentVerifySchema,
  phoneCodeSentSchema,
  productSchema,
  productSearchSchema,
  productWithShopSchema,
  profileSchema,
  ratingListSchema,
  ratingSchema,
  reportSchema,
  type SharedView,
  savedIdsSchema,
  savedShopsSchema,
  sessionSchema,
  shopAlertsSchema,
  shopListSchema,
  shopSchema,
  suggestionsSchema,
  threadMessageSchema,
  verifiedPhoneSchema,
  visitsCountedSchema,
} from './contract';
import { ProviderError } from './errors';
import { inboxSchema, newerSchema, sentSchema, threadSchema, unreadSchema } from './messages-contract';
import { ADD_PRODUCTS_BUDGET, PAYMENT_BUDGET, READ_BUDGET, type TimeBudget, UPLOAD_BUDGET, WRITE_BUDGET } from './time-budgets';

/** The cookie goes either way, so signing out need not wait long. */
const LOGOUT_BUDGET: TimeBudget = { answerMs: 5_000, totalMs: 5_000 };
/** A late suggestion list is replaced by the next one anyway. */
const SUGGEST_BUDGET: TimeBudget = { answerMs: 3_000, totalMs: 3_000 };

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 128, pipelining: 1 });

type CallOptions = {
  token?: string;
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  budget?: TimeBudget;
  signal?: AbortSignal;
  visitor?: Request;
};

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function failureOf(error: unknown): ProviderError {
  const code = (error as { code?: string })?.code ?? '';
  const name = (error as { name?: string })?.name ?? '';
  if (TIMEOUT_CODES.has(code) || name === 'TimeoutError') return new ProviderError('timeout', 'The provider did not answer in time.');
  if (name === 'AbortError' || error instanceof undiciErrors.RequestAbortedError) return new ProviderError('network', 'The request was aborted.');
  return new ProviderError('network', `The provider could not be reached (${code || name || 'unknown error'}).`);
}

function urlFor(path: string, query: CallOptions['query']): string {
  const url = new URL(path, `${getWebEnv().providerUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function call(method: string, path: string, options: CallOptions = {}): Promise<unknown> {
  const { answerMs, totalMs } = options.budget ?? READ_BUDGET;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // The API limits and counts per visitor, not per web server; it trusts this header only from TRUST_PROXY hops.
  const visitorAddress = options.visitor?.headers.get('x-forwarded-for');
  if (visitorAddress) headers['x-forwarded-for'] = visitorAddress;
  const visitorAgent = options.visitor?.headers.get('user-agent');
  if (visitorAgent) headers['user-agent'] = visitorAgent;
  let body: string | UndiciFormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // This undici cannot serialise the FormData of the undici bundled in Node; its own takes files by reference.
    body = new UndiciFormData();
    for (const [name, value] of options.form) body.append(name, value);
  }
  const signals = [AbortSignal.timeout(totalMs), ...(options.signal ? [options.signal] : [])];
  let response;
  try {
    response = await request(urlFor(path, options.query), {
      method: method as 'GET',
      headers,
      body,
      dispatcher: agent,
      // undici counts from the moment the body is sent, or while a write is stuck.
      headersTimeout: answerMs,
      bodyTimeout: answerMs,
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    throw failureOf(error);
  }
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw failureOf(error);
  }
  const isJson = (response.headers['content-type'] ?? '').toString().includes('json');
  let parsed: unknown = text;
  if (isJson && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderError('invalid-answer', 'The provider sent malformed JSON.', response.statusCode);
    }
  }
  if (response.statusCode >= 200 && response.statusCode < 300) {
    if (response.statusCode === 204 || !text) return undefined;
    if (!isJson) throw new ProviderError('invalid-answer', 'The provider did not answer with JSON.', response.statusCode);
    return parsed;
  }
  const retryAfter = Number(response.headers['retry-after']);
  throw new ProviderError(
    'http',
    `The provider answered ${response.statusCode}.`,
    response.statusCode,
    parsed,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

async function callParsed<S extends z.ZodType>(schema: S, method: string, path: string, options?: CallOptions): Promise<z.infer<S>> {
  const answer = await call(method, path, options);
  const result = schema.safeParse(answer);
  if (!result.success) throw new ProviderError('invalid-answer', `Unexpected answer from ${method} ${path}.`);
  return result.data;
}

const id = (value: string) => encodeURIComponent(value);

const MEDIA_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'] as const;

/** For the site's own `/media/*` (see `siteImageUrl`); `search` is a signed link's query. */
async function media(path: string, search = ''): Promise<Response> {
  let response;
  try {
    response = await request(urlFor(`media/${path.split('/').map(encodeURIComponent).join('/')}`, undefined) + search, {
      method: 'GET',
      dispatcher: agent,
      headersTimeout: READ_BUDGET.answerMs,
      bodyTimeout: READ_BUDGET.answerMs,
    });
  } catch (error) {
    throw failureOf(error);
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const headers = new Headers({ 'x-content-type-options': 'nosniff' });
  for (const name of MEDIA_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // undici reports a browser's cancel as an 'error' after the converter stopped listening; unheard, it ends the process.
  response.body.on('error', () => {});
  return new Response(createReadableStreamFromReadable(response.body), { status: 200, headers });
}

/** A load balancer's probe gives up soon too. */
const HEALTH_TIMEOUT_MS = 2_000;

async function reachable(): Promise<boolean> {
  try {
    const response = await request(urlFor('healthz', undefined), { method: 'GET', dispatcher: agent, signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

/** Every call of docs/api.md; those of §4 are our provider's extensions, which another provider may lack. */
export const provider = {
  media,
  reachable,
  listShops: (params: { q?: string; category?: string; state?: string; verified?: boolean; page?: number; pageSize?: number; sort?: 'rating' } = {}) =>
    callParsed(shopListSchema, 'GET', 'shops', {
      query: {
        q: params.q,
        category: params.category,
        state: params.state,
        verified: params.verified ? '1' : undefined,
        page: params.page,
        page_size: params.pageSize,
        sort: params.sort,
      },
    }),
  shopByShortCode: (code: string, visitor: Request) =>
    callParsed(shopSchema.pick({ id: true, name: true, stall_visited_at: true }), 'GET', `shops/short/${id(code)}`, { visitor }),
  getShop: (shopId: string, visitor: Request) => callParsed(shopSchema, 'GET', `shops/${id(shopId)}`, { visitor }),
  suggest: (q: string, signal?: AbortSignal) => callParsed(suggestionsSchema, 'GET', 'shops/suggest', { query: { q }, signal, budget: SUGGEST_BUDGET }),
  categories: () => callParsed(categoriesSchema, 'GET', 'categories'),
  searchProducts: (q: string, verified: boolean) =>
    callParsed(productSearchSchema, 'GET', 'products/search', { query: { q, verified: verified ? '1' : undefined } }),
  reportViews: (views: SharedView[]) => callParsed(visitsCountedSchema, 'POST', 'shops/visits/', { json: { views }, budget: WRITE_BUDGET }),
  /** With the owner's token, a shop a moderator hid still answers. */
  shopProducts: (shopId: string, token?: string) => callParsed(productSchema.array(), 'GET', `shops/${id(shopId)}/products`, { token }),
  getProduct: (productId: string, token?: string) => callParsed(productWithShopSchema, 'GET', `shops/products/${id(productId)}/`, { token }),

  login: (body: { username_or_email: string; password: string }, visitor: Request) =>
    callParsed(sessionSchema, 'POST', 'auth/login/', { json: body, visitor, budget: WRITE_BUDGET }),
  signup: (body: { email: string; username: string; phone_number: string; password: string; language?: Language }, visitor: Request) =>
    callParsed(sessionSchema, 'POST', 'auth/users', { json: body, visitor, budget: WRITE_BUDGET }),
  refresh: (refresh: string) => callParsed(sessionSchema.shape.token, 'POST', 'auth/token/refresh/', { json: { refresh } }),
  logout: (token: string, refresh: string) => call('POST', 'auth/logout/', { token, json: { refresh }, budget: LOGOUT_BUDGET }),
  profile: (token: string) => callParsed(profileSchema, 'GET', 'auth/profile', { token }),
  updateProfile: (token: string, body: { email: string; username: string; phone_number: string }) =>
    callParsed(sessionSchema.shape.user, 'PUT', 'auth/profile', { token, json: body, budget: WRITE_BUDGET }),
  changePassword: (token: string, body: { current_password: string; new_password: string }) =>
    callParsed(sessionSchema.shape.token, 'POST', 'auth/password/change', { token, json: body, budget: WRITE_BUDGET }),
  deleteAccount: (token: string, body: { current_password: string }) => call('POST', 'auth/account/delete', { token, json: body, budget: WRITE_BUDGET }),
  signOutOthers: (token: string) => callParsed(z.object({ ended: z.number() }), 'POST', 'auth/sessions/revoke-others', { token, budget: WRITE_BUDGET }),
  setMailAlerts: (token: string, body: { message_mail: boolean; renewal_mail: boolean }) =>
    callParsed(mailAlertsSchema, 'PUT', 'auth/alerts', { token, json: body, budget: WRITE_BUDGET }),
  sendPhoneCode: (token: string, phoneNumber: string) =>
    callParsed(phoneCodeSentSchema, 'POST', 'auth/phone-codes', { token, json: { phone_number: phoneNumber }, budget: WRITE_BUDGET }),
  verifyPhone: (token: string, body: { phone_number: string; code: string }) =>
    callParsed(verifiedPhoneSchema, 'POST', 'auth/verified-phones', { token, json: body, budget: WRITE_BUDGET }),
  // Both may wait on Paystack, so they get its budget.
  banks: () => callParsed(bankListSchema, 'GET', 'banks', { budget: PAYMENT_BUDGET }),
  checkBank: (token: string, shopId: string, body: { bank_code: string; account_number: string; account_name: string }) =>
    callParsed(bankCheckResultSchema, 'POST', `shops/${id(shopId)}/bank-checks`, { token, json: body, budget: PAYMENT_BUDGET }),
  setLanguage: (token: string, language: Language) =>
    callParsed(z.object({ language: z.enum(LANGUAGES) }), 'PUT', 'auth/language', { token, json: { language }, budget: WRITE_BUDGET }),
  dataExport: (token: string) => callParsed(dataExportSchema, 'GET', 'auth/data-export', { token }),
  requestPasswordReset: (email: string, visitor: Request) =>
    callParsed(messageSchema, 'POST', 'auth/password-reset/request/', { json: { email }, visitor, budget: WRITE_BUDGET }),
  verifyPasswordReset: (uid: string, token: string) => call('POST', 'auth/password-reset/verify/', { json: { uid, token } }),
  confirmPasswordReset: (body: { uid: string; token: string; new_password: string }, visitor: Request) =>
    callParsed(messageSchema, 'POST', 'auth/password-reset/confirm/', { json: body, visitor, budget: WRITE_BUDGET }),

  createShop: (token: string, form: FormData) => callParsed(shopSchema, 'POST', 'shops/', { token, form, budget: UPLOAD_BUDGET }),
  updateShop: (token: string, shopId: string, form: FormData) =>
    callParsed(shopSchema, 'PUT', `shops/${id(shopId)}/update/`, { token, form, budget: UPLOAD_BUDGET }),
  deleteShop: (token: string, shopId: string) => call('DELETE', `shops/${id(shopId)}/delete/`, { token, budget: WRITE_BUDGET }),
  setSmsAlerts: (token: string, shopId: string, sms: boolean) =>
    callParsed(shopAlertsSchema, 'PUT', `shops/${id(shopId)}/alerts`, { token, json: { sms }, budget: WRITE_BUDGET }),
  addProducts: (token: string, shopId: string, form: FormData) =>
    callParsed(productSchema.array(), 'POST', `shops/${id(shopId)}/products/batch-create/`, { token, form, budget: ADD_PRODUCTS_BUDGET }),
  updateProduct: (token: string, productId: string, form: FormData) =>
    callParsed(z.object({ product: productSchema }), 'PUT', `shops/products/${id(productId)}/update/`, {
      token,
      form,
      budget: UPLOAD_BUDGET,
    }),
  deleteProduct: (token: string, productId: string) => call('DELETE', `shops/products/${id(productId)}/delete/`, { token, budget: WRITE_BUDGET }),

  shopRatings: (shopId: string, page: number, pageSize: number) =>
    callParsed(ratingListSchema, 'GET', `shops/${id(shopId)}/ratings`, { query: { page, page_size: pageSize } }),
  shopReview: (shopId: string, ratingId: string) =>
    callParsed(ratingSchema.extend({ shop_name: z.string() }), 'GET', `shops/${id(shopId)}/ratings/${id(ratingId)}`),
  myRating: (token: string, shopId: string) => callParsed(ratingSchema, 'GET', `shops/${id(shopId)}/rating`, { token }),
  rate: (token: string, shopId: string, body: { stars: number; review: string }) =>
    callParsed(ratingSchema, 'PUT', `shops/${id(shopId)}/rating`, { token, json: body, budget: WRITE_BUDGET }),
  removeRating: (token: string, shopId: string) => call('DELETE', `shops/${id(shopId)}/rating`, { token, budget: WRITE_BUDGET }),
  myRatings: (token: string, page: number) => callParsed(myRatingListSchema, 'GET', 'ratings/mine', { token, query: { page } }),

  answerReview: (token: string, shopId: string, ratingId: string, body: { answer: string }) =>
    callParsed(ratingSchema, 'PUT', `shops/${id(shopId)}/ratings/${id(ratingId)}/answer`, { token, json: body, budget: WRITE_BUDGET }),

  report: (token: string, item: { shopId: string; ratingId?: string; answer?: boolean }, body: { reason: string; details: string }) =>
    callParsed(reportSchema, 'POST', `shops/${id(item.shopId)}/${item.ratingId ? `ratings/${id(item.ratingId)}/${item.answer ? 'answer/' : ''}` : ''}reports`, {
      token,
      json: body,
      budget: WRITE_BUDGET,
    }),
  threadMessage: (token: string, threadId: string, messageId: string) =>
    callParsed(threadMessageSchema, 'GET', `threads/${id(threadId)}/messages/${id(messageId)}`, { token }),
  reportMessage: (token: string, threadId: string, messageId: string, body: { reason: string; details: string }) =>
    callParsed(reportSchema, 'POST', `threads/${id(threadId)}/messages/${id(messageId)}/reports`, { token, json: body, budget: WRITE_BUDGET }),
  openReports: (token: string) => callParsed(openItemsSchema, 'GET', 'moderation/reports', { token }),
  moderationItem: (token: string, path: string) => callParsed(itemDetailSchema, 'GET', `moderation/${path}`, { token }),
  moderate: (token: string, path: string, body: { action: string; note: string }) =>
    callParsed(itemDetailSchema, 'POST', `moderation/${path}/actions`, { token, json: body, budget: WRITE_BUDGET }),
  recordStallVisit: (token: string, shopId: string, note: string) =>
    callParsed(z.object({ shop_id: z.string(), visited_at: z.string() }), 'POST', `moderation/shops/${id(shopId)}/stall-visits`, {
      token,
      json: { note },
      budget: WRITE_BUDGET,
    }),
  moderationMessage: (token: string, messageId: string) => callParsed(messageItemSchema, 'GET', `moderation/messages/${id(messageId)}`, { token }),
  moderateMessage: (token: string, messageId: string, body: { action: string; note: string }) =>
    callParsed(messageItemSchema, 'POST', `moderation/messages/${id(messageId)}/actions`, { token, json: body, budget: WRITE_BUDGET }),
  savedIds: (token: string) => callParsed(savedIdsSchema, 'GET', 'saved/ids', { token }),
  savedShops: (token: string, page: number) => callParsed(savedShopsSchema, 'GET', 'saved/', { token, query: { page } }),
  shopsByIds: (ids: string[]) => callParsed(savedShopsSchema, 'GET', 'saved/shops', { query: { ids: ids.join(',') } }),
  saveShop: (token: string, shopId: string) => call('PUT', `saved/${id(shopId)}/`, { token, budget: WRITE_BUDGET }),
  unsaveShop: (token: string, shopId: string) => call('DELETE', `saved/${id(shopId)}/`, { token, budget: WRITE_BUDGET }),
  mergeSaved: (token: string, shopIds: string[]) =>
    callParsed(savedIdsSchema, 'POST', 'saved/merge/', { token, json: { shop_ids: shopIds }, budget: WRITE_BUDGET }),

  messageShop: (token: string, shopId: string, body: string) =>
    callParsed(sentSchema, 'POST', `shops/${id(shopId)}/messages`, { token, json: { body }, budget: WRITE_BUDGET }),
  inbox: (token: string, before?: number) => callParsed(inboxSchema, 'GET', 'threads', { token, query: { before } }),
  unreadThreads: (token: string) => callParsed(unreadSchema, 'GET', 'threads/unread-count', { token }),
  thread: (token: string, threadId: string, before?: number) => callParsed(threadSchema, 'GET', `threads/${id(threadId)}`, { token, query: { before } }),
  newerMessages: (token: string, threadId: string, after: number) => callParsed(newerSchema, 'GET', `threads/${id(threadId)}`, { token, query: { after } }),
  reply: (token: string, threadId: string, body: string) =>
    callParsed(sentSchema, 'POST', `threads/${id(threadId)}/messages`, { token, json: { body }, budget: WRITE_BUDGET }),
  block: (token: string, threadId: string, blocked: boolean) =>
    call('POST', `threads/${id(threadId)}/${blocked ? 'block' : 'unblock'}`, { token, budget: WRITE_BUDGET }),
  sendOrder: (token: string, shopId: string, body: { lines: { product_id: string; quantity: number }[]; note: string }) =>
    callParsed(sentSchema, 'POST', `shops/${id(shopId)}/orders`, { token, json: body, budget: WRITE_BUDGET }),
  moveOrder: (token: string, orderId: string, action: string, reason?: string) =>
    callParsed(sentSchema, 'POST', `orders/${id(orderId)}/${id(action)}`, {
      token,
      json: reason === undefined ? undefined : { reason },
      budget: WRITE_BUDGET,
    }),

  initiatePayment: (token: string, shopId: string) =>
    callParsed(paymentStartSchema, 'POST', 'ads/payment/initiate/', {
      token,
      json: { shop_id: shopId, amount: AD_PLAN.priceNaira },
      budget: PAYMENT_BUDGET,
    }),
  verifyPayment: (token: string, reference: string) =>
    callParsed(paymentVerifySchema, 'POST', 'ads/payment/verify/', { token, json: { reference }, budget: PAYMENT_BUDGET }),
  getAd: (token: string, adId: string) => callParsed(adSchema, 'GET', `ads/${id(adId)}/`, { token }),
  shopAds: (token: string, shopId: string) => callParsed(adSchema.array(), 'GET', 'ads/', { token, query: { shop_id: shopId } }),
};
