import path from 'node:path';
import { z } from 'zod';
import { IDLE_MINUTES_SHELL } from '#rules/limits.ts';
import { isNigerianPhone, normalisePhone } from '#rules/phone.ts';
import { persistentSecret } from '#settings/data-dir-secrets.server.ts';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' });
const MINUTES_MESSAGE = 'must be a positive number of minutes, such as 5 or 0.05';
const SECONDS_MESSAGE = 'must be a number of seconds, 0 or more, such as 5';
const PORT_MESSAGE = 'must be a port number between 1 and 65535';
const port = z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE);
// An empty variable (`FOO=` in a shell or .env file) means "use the default", not "invalid".
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const webEnvSchema = z.object({
  PORT: z.preprocess(blankAsUnset, port.default(3000)),
  API_PORT: z.preprocess(blankAsUnset, port.default(8000)),
  PROVIDER_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  WEB_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('./data')),
  SESSION_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_IDLE_MINUTES: z.preprocess(blankAsUnset, z.coerce.number({ error: MINUTES_MESSAGE }).positive(MINUTES_MESSAGE).default(IDLE_MINUTES_SHELL)),
  PUBLIC_CACHE_SECONDS: z.preprocess(blankAsUnset, z.coerce.number({ error: SECONDS_MESSAGE }).min(0, SECONDS_MESSAGE).default(5)),
  MEDIA_PUBLIC_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://media.kasuwa.ng' }).optional()),
  CONTACT_EMAIL: z.preprocess(blankAsUnset, z.email({ error: 'must be an email address such as hello@example.ng' }).default('hello@kasuwa.ng')),
  CONTACT_PHONE: z.preprocess(blankAsUnset, z.string().refine(isNigerianPhone, 'must be a Nigerian phone number such as 0803 123 4567').optional()),
  REDIS_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^rediss?$/, error: 'must be a Redis URL such as redis://:password@host:6379/0 or rediss://…' }).optional(),
  ),
});

export type WebEnv = {
  port: number;
  providerUrl: string;
  webUrl: string;
  dataDir: string;
  sessionSecret: string;
  sessionIdleMinutes: number;
  publicCacheSeconds: number;
  mediaOrigin: string | undefined;
  redisUrl: string | undefined;
  /** The footer's "Contact us": whoever runs this site, never a made-up number. */
  contact: { email: string; phone: string | undefined };
};

export class WebConfigError extends Error {}

export function readWebEnv(source: NodeJS.ProcessEnv): WebEnv {
  const parsed = webEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new WebConfigError(`Invalid web configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.REDIS_URL && !e.SESSION_SECRET) {
    throw new WebConfigError(
      'Invalid web configuration:\n  SESSION_SECRET: must be set when REDIS_URL is set (every web instance must sign sessions with the same secret)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    providerUrl: (e.PROVIDER_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    webUrl: (e.WEB_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir, 'session'),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    mediaOrigin: e.MEDIA_PUBLIC_URL ? new URL(e.MEDIA_PUBLIC_URL).origin : undefined,
    redisUrl: e.REDIS_URL,
    contact: { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE ? normalisePhone(e.CONTACT_PHONE) : undefined },
  };
}

let current: WebEnv | undefined;

/** entry.server calls it as the build loads, so a bad value stops the start. */
export function getWebEnv(): WebEnv {
  current ??= readWebEnv(process.env);
  return current;
}
