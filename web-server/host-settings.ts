import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { blankAsUnset, commaList, port, stopGraceSeconds, trustProxyList } from '#settings/env-fields.server.ts';
import { defaultLogFormat, type LogFormat, logFormat, logLevel } from '#settings/log-format.server.ts';

const WORKERS_MESSAGE = 'must be a whole number of processes between 1 and 64';
// Past a few, more processes mostly cost memory the API and database need.
const DEFAULT_WEB_WORKERS = Math.min(availableParallelism(), 4);

const hostEnvSchema = z.object({
  PORT: z.preprocess(blankAsUnset, port.default(3000)),
  HOST: z.preprocess(blankAsUnset, z.string().optional()),
  WEB_WORKERS: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: WORKERS_MESSAGE }).int(WORKERS_MESSAGE).min(1, WORKERS_MESSAGE).max(64, WORKERS_MESSAGE).default(DEFAULT_WEB_WORKERS),
  ),
  STOP_GRACE_SECONDS: stopGraceSeconds,
  TRUST_PROXY: z.preprocess(blankAsUnset, trustProxyList.optional()),
  LOG_LEVEL: logLevel,
  LOG_FORMAT: logFormat,
});

export type HostSettings = {
  port: number;
  host: string | undefined;
  workers: number;
  stopGraceMs: number;
  trustProxy: string[] | undefined;
  log: { level: string; format: LogFormat };
};

export class HostConfigError extends Error {}

export function readHostSettings(source: NodeJS.ProcessEnv): HostSettings {
  const parsed = hostEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new HostConfigError(`Invalid web configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    workers: e.WEB_WORKERS,
    stopGraceMs: e.STOP_GRACE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY ? commaList(e.TRUST_PROXY) : undefined,
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? defaultLogFormat() },
  };
}
