import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { serialize } from 'cookie';
import { createContext, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { getWebEnv } from './env.server';
import { type FormLimits, LARGEST_FORM_BYTES } from './forms/form-limits';
import { readFormWithin } from './forms/read-form.server';
import { readCookies } from './request-cookies';

/**
 * What someone typed when the idle limit signed them out, kept in the browser until they sign in again and
 * are back on the form (docs/decisions/063-typed-work-outlives-idle-sign-out.md).
 */
const KEPT_COOKIE = 'kasuwa_kept';
const KEPT_MINUTES = 30;
/** Browsers keep a cookie of about 4 KB with its name and attributes. */
const KEPT_VALUE_MAX_BYTES = 3600;
/** Prefix of the fields a page's idle timer sends along to /logout. */
const KEEP_PREFIX = 'keep:';
const KEPT_FROM = 'keptFrom';

const NEVER_KEPT = /password|csrf|token/i;

/** Text only: files are read past, never kept. */
const KEEP_LIMITS: FormLimits = { maxBytes: LARGEST_FORM_BYTES, fields: 128, textMaxBytes: 256 * 1024, files: { count: 32, eachMaxBytes: 0 } };

export type Kept = { path: string; fields: [string, string][]; cut: boolean };

/** The address a form's page has: React Router's data requests end in `.data` and carry its own parameters. */
export function pagePath(url: URL): string {
  const pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  const search = new URLSearchParams(url.search);
  search.delete('index');
  search.delete('_routes');
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The posted text fields and the page they belong to; the idle timer names its page and prefixes the fields. */
export function keptFromForm(form: FormData, url: URL): Kept | null {
  const viaLogout = /^\/logout(?:\.data)?\/?$/.test(url.pathname);
  const from = viaLogout ? form.get(KEPT_FROM) : pagePath(url);
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue;
    const field = viaLogout ? (name.startsWith(KEEP_PREFIX) ? name.slice(KEEP_PREFIX.length) : null) : name;
    if (field && !NEVER_KEPT.test(field) && value !== '') fields.push([field, value]);
  }
  return fields.length ? { path: pagePath(new URL(from, url)), fields, cut: false } : null;
}

function sign(data: string): string {
  return createHmac('sha256', getWebEnv().sessionSecret).update(`kept.${data}`).digest('base64url');
}

function encode(kept: Kept): string {
  const data = deflateRawSync(JSON.stringify(kept)).toString('base64url');
  return `${data}.${sign(data)}`;
}

/** The longest fields go first until the rest fits, and the page then says some was not kept. */
function fitted(kept: Kept): string {
  const fields = [...kept.fields];
  let value = encode(kept);
  while (value.length > KEPT_VALUE_MAX_BYTES && fields.length) {
    const longest = fields.reduce((at, [, text], index) => (text.length > (fields[at]?.[1].length ?? 0) ? index : at), 0);
    fields.splice(longest, 1);
    value = encode({ ...kept, fields, cut: true });
  }
  return value;
}

function cookieOptions() {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: getWebEnv().webUrl.startsWith('https://') };
}

export function keptCookie(kept: Kept): string {
  return serialize(KEPT_COOKIE, fitted(kept), { ...cookieOptions(), maxAge: KEPT_MINUTES * 60 });
}

export function forgetKeptCookie(): string {
  return serialize(KEPT_COOKIE, '', { ...cookieOptions(), maxAge: 0 });
}

export function readKept(cookieHeader: string | null): Kept | null {
  const value = readCookies(cookieHeader)[KEPT_COOKIE];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 0) return null;
  const data = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(data));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const kept = JSON.parse(inflateRawSync(Buffer.from(data, 'base64url'), { maxOutputLength: 256 * 1024 }).toString('utf8')) as Kept;
    return typeof kept.path === 'string' && Array.isArray(kept.fields) ? kept : null;
  } catch {
    return null;
  }
}

/** A signed-out post: its text is kept for after sign-in, never dropped unseen. */
export async function keepPostedForm(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<Kept | null> {
  const type = args.request.headers.get('content-type') ?? '';
  if (!/^(?:multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) return null;
  const form = await readFormWithin(args, KEEP_LIMITS).catch(() => 'too-large' as const);
  return form === 'too-large' ? null : keptFromForm(form, new URL(args.request.url));
}

export const keptFormContext = createContext<Kept | null>(null);

/** For the page's form: Conform fills its fields from `initialValue` as it would after a refused post. */
export function keptSubmission(context: Readonly<RouterContextProvider>): SubmissionResult<string[]> | undefined {
  const kept = context.get(keptFormContext);
  if (!kept) return undefined;
  const form = new FormData();
  for (const [name, value] of kept.fields) form.append(name, value);
  const { payload } = parseWithZod(form, { schema: z.any() });
  return { initialValue: payload as SubmissionResult<string[]>['initialValue'] };
}
