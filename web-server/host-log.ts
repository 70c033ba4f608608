import pino, { type Logger } from 'pino';
import { prettyLog } from '#settings/log-format.server.ts';
import type { HostSettings } from './host-settings';

// Written synchronously, so no line is lost when a process exits.
export function hostLog({ log }: HostSettings): Logger {
  return pino({ level: log.level }, log.format === 'pretty' ? prettyLog() : pino.destination({ sync: true }));
}
