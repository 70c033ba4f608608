import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const url = z.url({ protocol: /^https?$/ });
const flag = z.enum(['0', '1']).transform((value) => value === '1');
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: port.default(3000),
  API_PORT: port.default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_URL: z.preprocess(blankAsUnset, url.optional()),
  API_PUBLIC_URL: z.preprocess(blankAsUnset, url.optional()),
  DATABASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SEED_DEMO: flag.default(true),
  JWT_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  PAYSTACK_SECRET_KEY: z.preprocess(blankAsUnset, z.string().regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…').optional()),
  PAYSTACK_BASE_URL: z.preprocess(blankAsUnset, url.optional()),
  SMTP_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Kasuwa <no-reply@kasuwa.ng>'),
  CORS_ORIGINS: z.string().default(''),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  apiPort: number;
  host: string;
  dataDir: string;
  webUrl: string;
  /** Origin the browser uses to reach this API, for absolute image URLs. */
  apiPublicUrl: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  jwtSecret: Uint8Array;
  paystack: { secretKey: string; baseUrl: string | undefined; simulated: boolean };
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  /** Requests a minute per address and account on login, signup and password reset. */
  authRateLimit: number;
  /** Proxies trusted to set X-Forwarded-For (proxy-addr names or addresses, comma-separated). */
  trustProxy: string[];
  logLevel: string;
};

/** Reads a secret from DATA_DIR, creating it on first start so restarts keep sessions and tokens valid. */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting at the same moment wrote it first; theirs wins.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
      throw error;
    }
    return secret;
  }
}

export class ConfigError extends Error {}

/** Reads and checks the environment once, at start; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const secretKey = e.PAYSTACK_SECRET_KEY ?? `sk_test_simulator_${persistentSecret(dataDir, 'paystack-simulator')}`;
  return {
    apiPort: e.API_PORT,
    host: e.HOST,
    dataDir,
    webUrl: (e.WEB_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    apiPublicUrl: (e.API_PUBLIC_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt')),
    paystack: {
      secretKey,
      baseUrl: e.PAYSTACK_SECRET_KEY ? (e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co') : undefined,
      simulated: !e.PAYSTACK_SECRET_KEY,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: e.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean),
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY.split(',').map((hop) => hop.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
  };
}
