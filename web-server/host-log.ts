import pino, { type Logger } from 'pino';
import { prettyLog } from '#settings/log-format.server.ts';
import type { HostSettings } from './host-settings';

/**
 * The web tier's log (LOG_LEVEL, LOG_FORMAT), as the API's: JSON lines, or one readable line per event on a
 * terminal; each answered request at debug. Written synchronously, so no line is lost when a process exits.
 */
export function hostLog({ log }: HostSettings): Logger {
  return pino({ level: log.level }, log.format === 'pretty' ? prettyLog() : pino.destination({ sync: true }));
}
