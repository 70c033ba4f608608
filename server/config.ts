import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TermiiSettings } from '#server/sms/termii.ts';
import { persistentSecret } from '#settings/data-dir-secrets.server.ts';
import { blankAsUnset, commaList, port, stopGraceSeconds, trustProxyList } from '#settings/env-fields.server.ts';
import { defaultLogFormat, type LogFormat, logFormat, logLevel } from '#settings/log-format.server.ts';

const httpUrl = (example: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` });
const FLAG_MESSAGE = 'must be 1 (seed the demo shops when the database is empty) or 0 (never)';
const SIMULATOR_MESSAGE = 'must be 1 (the built-in Paystack simulator, on purpose) or 0';
const RATE_MESSAGE = 'must be a whole number of requests a minute, 1 or more, such as 20';
const ORIGINS_MESSAGE = 'must be http(s) origins separated by commas, such as https://kasuwa.ng,https://www.kasuwa.ng';
const PATH_STYLE_MESSAGE = 'must be 1 (bucket in the path: MinIO, most self-hosted servers) or 0 (bucket in the host name)';
const BUCKET_MESSAGE = 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or dashes';

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** This machine only: a site there takes no real visitors, so free payments are no risk. */
export function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

const envSchema = z.object({
  PORT: z.preprocess(blankAsUnset, port.default(3000)),
  API_PORT: z.preprocess(blankAsUnset, port.default(8000)),
  HOST: z.preprocess(blankAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('./data')),
  WEB_URL: z.preprocess(blankAsUnset, httpUrl('http://localhost:3000').optional()),
  API_PUBLIC_URL: z.preprocess(blankAsUnset, httpUrl('http://localhost:8000').optional()),
  DATABASE_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/kasuwa' }).optional(),
  ),
  SEED_DEMO: z.preprocess(blankAsUnset, z.enum(['0', '1'], { error: FLAG_MESSAGE }).default('1')),
  JWT_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  PAYSTACK_SECRET_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…')
      .optional(),
  ),
  PAYSTACK_BASE_URL: z.preprocess(blankAsUnset, httpUrl('https://api.paystack.co').optional()),
  PAYSTACK_SIMULATOR: z.preprocess(blankAsUnset, z.enum(['0', '1'], { error: SIMULATOR_MESSAGE }).default('0')),
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^smtps?$/, error: 'must be an SMTP URL such as smtp://user:password@host:587 or smtps://…' }).optional(),
  ),
  MAIL_FROM: z.preprocess(blankAsUnset, z.string().default('Kasuwa <no-reply@kasuwa.ng>')),
  MODERATION_EMAIL: z.preprocess(blankAsUnset, z.string().default('Kasuwa moderators <moderation@kasuwa.ng>')),
  TERMII_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  TERMII_SENDER_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9]{3,11}$/, 'must be the sender ID Termii approved: 3 to 11 letters or digits')
      .default('Kasuwa'),
  ),
  TERMII_BASE_URL: z.preprocess(blankAsUnset, httpUrl('https://api.ng.termii.com').default('https://api.ng.termii.com')),
  CORS_ORIGINS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .refine((value) => commaList(value).every(isOrigin), ORIGINS_MESSAGE)
      .default(''),
  ),
  AUTH_RATE_LIMIT: z.preprocess(blankAsUnset, z.coerce.number({ error: RATE_MESSAGE }).int(RATE_MESSAGE).min(1, RATE_MESSAGE).default(20)),
  TRUST_PROXY: z.preprocess(blankAsUnset, trustProxyList.default('loopback')),
  LOG_LEVEL: logLevel,
  LOG_FORMAT: logFormat,
  S3_BUCKET: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, BUCKET_MESSAGE)
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(blankAsUnset, httpUrl('https://<account>.r2.cloudflarestorage.com').optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().default('us-east-1')),
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, z.enum(['0', '1'], { error: PATH_STYLE_MESSAGE }).default('0')),
  MEDIA_PUBLIC_URL: z.preprocess(blankAsUnset, httpUrl('https://media.kasuwa.ng').optional()),
  REDIS_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^rediss?$/, error: 'must be a Redis URL such as redis://:password@host:6379/0 or rediss://…' }).optional(),
  ),
  STOP_GRACE_SECONDS: stopGraceSeconds,
});

export type StorageSettings =
  | { kind: 'disk'; root: string }
  | { kind: 's3'; bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

export type Config = {
  apiPort: number;
  host: string;
  dataDir: string;
  webUrl: string;
  apiPublicUrl: string;
  mediaBaseUrl: string;
  storage: StorageSettings;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seedDemo: boolean;
  jwtSecret: Uint8Array;
  paystack: { secretKey: string; baseUrl: string | undefined; simulated: boolean };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where an owner's reply to a hidden-shop notice goes. */
  moderationEmail: string;
  /** Set when text messages go through Termii; otherwise each is a file in `DATA_DIR/sms-outbox/`. */
  termii: TermiiSettings | undefined;
  corsOrigins: string[];
  authRateLimit: number;
  trustProxy: string[];
  logLevel: string;
  logFormat: LogFormat;
  stopGraceMs: number;
};

export type SecretName = 'jwt' | 'paystack-simulator';
/** Must answer the same in every instance. */
export type SecretSource = (name: SecretName) => string;

export class ConfigError extends Error {}

/** Without a secret key anyone can "pay" in the simulator: fine on this machine, free ads on a public site. */
function checkPayments(secretKey: string | undefined, simulatorWanted: boolean, webUrl: string): string | undefined {
  if (secretKey && simulatorWanted) return 'PAYSTACK_SIMULATOR: must not be 1 when PAYSTACK_SECRET_KEY is set (pick one)';
  if (secretKey || simulatorWanted || isLoopbackOrigin(webUrl)) return undefined;
  return `PAYSTACK_SECRET_KEY: must be set when WEB_URL (${webUrl}) is a public site, or anyone could get ads without paying; set PAYSTACK_SIMULATOR=1 to use the built-in simulator there on purpose`;
}

/** Makes no secret, so `main` can open the database (where shared secrets live) before `loadConfig`. */
export function checkEnv(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const webUrl = (e.WEB_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const paymentsProblem = checkPayments(e.PAYSTACK_SECRET_KEY, e.PAYSTACK_SIMULATOR === '1', webUrl);
  if (paymentsProblem) throw new ConfigError(`Invalid API configuration:\n  ${paymentsProblem}`);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...e, webUrl, dataDir, databaseUrl: e.DATABASE_URL };
}

/** Secrets the environment does not give come from `secrets`: by default files in DATA_DIR, made on first start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, secrets?: SecretSource): Config {
  const e = checkEnv(env);
  const { webUrl, dataDir } = e;
  const generated = secrets ?? ((name: SecretName) => persistentSecret(dataDir, name));
  const secretKey = e.PAYSTACK_SECRET_KEY ?? `sk_test_simulator_${generated('paystack-simulator')}`;
  const apiPublicUrl = (e.API_PUBLIC_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, '');
  return {
    apiPort: e.API_PORT,
    host: e.HOST,
    dataDir,
    webUrl,
    apiPublicUrl,
    mediaBaseUrl: (e.MEDIA_PUBLIC_URL ?? `${apiPublicUrl}/media`).replace(/\/$/, ''),
    storage: e.S3_BUCKET
      ? { kind: 's3', bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' }
      : { kind: 'disk', root: path.join(dataDir, 'media') },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO === '1',
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? generated('jwt')),
    paystack: {
      secretKey,
      baseUrl: e.PAYSTACK_SECRET_KEY ? (e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co') : undefined,
      simulated: !e.PAYSTACK_SECRET_KEY,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    moderationEmail: e.MODERATION_EMAIL,
    termii: e.TERMII_API_KEY ? { apiKey: e.TERMII_API_KEY, senderId: e.TERMII_SENDER_ID, baseUrl: e.TERMII_BASE_URL } : undefined,
    corsOrigins: commaList(e.CORS_ORIGINS).map((origin) => origin.replace(/\/$/, '')),
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: commaList(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(),
    stopGraceMs: e.STOP_GRACE_SECONDS * 1000,
  };
}
