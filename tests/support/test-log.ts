import pino from 'pino';

/** A logger whose lines a test reads back, as parsed JSON. */
export function collectingLog(level = 'debug') {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}
