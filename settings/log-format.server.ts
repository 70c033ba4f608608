import pinoPretty from 'pino-pretty';
import { z } from 'zod';
import { blankAsUnset } from './env-fields.server';

const LOG_FORMAT_MESSAGE = 'must be pretty (one readable line per event) or json (one JSON object per line)';

/**
 * LOG_FORMAT: how a server prints its log. Unset, a terminal gets readable lines and anything else (a file,
 * a pipe, a log collector) gets JSON; the launcher, whose children print into pipes, passes on its own choice.
 */
export const logFormat = z.preprocess(blankAsUnset, z.enum(['pretty', 'json'], { error: LOG_FORMAT_MESSAGE }).optional());

export type LogFormat = 'pretty' | 'json';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** LOG_LEVEL: the least a server prints; requests are at debug. */
export const logLevel = z.preprocess(blankAsUnset, z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'));

/** LOG_FORMAT unset: readable lines on a terminal, JSON anywhere else. */
export const defaultLogFormat = (): LogFormat => (process.stdout.isTTY ? 'pretty' : 'json');

/**
 * What an answered request logs, under `request`, in either tier: the route or the path, never the query,
 * which may carry a code or a token.
 */
export type RequestLine = { method: string; route: string; statusCode: number; ms: number };

/** A request's line as a person reads it: `GET /shops/:id 200 in 3 ms`. */
function messageOf(log: Record<string, unknown>, messageKey: string): string {
  const request = log.request as RequestLine | undefined;
  return request ? `${request.method} ${request.route} ${request.statusCode} in ${request.ms} ms` : String(log[messageKey] ?? '');
}

/** A pino destination that prints one short readable line per event, to stdout or `output`. */
export function prettyLog(output?: NodeJS.WritableStream) {
  return pinoPretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    // The request id is for the JSON log, where a collector joins lines; here it would fill the line.
    ignore: 'pid,hostname,reqId,request',
    messageFormat: messageOf,
    ...(output ? { destination: output } : {}),
  });
}
