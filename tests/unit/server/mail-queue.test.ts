import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { createMailQueue } from '../../../server/mail/mail-queue';

const MAIL = { to: 'ada@example.ng', subject: 'Reset your Kasuwa password', text: 'link' };

/** A logger that keeps what it was told, by level. */
function keptLog() {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_fields: unknown, message: string) => void lines.push({ level, message });
  const log = { error: keep('error'), warn: keep('warn'), info: keep('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the mail queue', () => {
  test('logs each failed try, and an error once it gives up, without throwing to anyone', async () => {
    const { log, lines } = keptLog();
    let tries = 0;
    const failing = {
      send: async () => {
        tries += 1;
        throw new Error('550 mailbox unavailable');
      },
    };
    const queue = createMailQueue(failing, [5, 5]);
    queue.enqueue(MAIL, log);
    // Nothing is tried while the caller is still answering.
    expect(tries).toBe(0);

    for (let waited = 0; tries < 3 && waited < 1_000; waited += 5) await delay(5);
    await delay(20);
    expect(tries).toBe(3);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error']);
    expect(lines.at(-1)!.message).toMatch(/given up/);
  });

  test('forgets mails waiting for a retry once closed', async () => {
    const { log } = keptLog();
    let tries = 0;
    const failing = {
      send: async () => {
        tries += 1;
        throw new Error('451 try again later');
      },
    };
    const queue = createMailQueue(failing, [50]);
    queue.enqueue(MAIL, log);
    for (let waited = 0; tries < 1 && waited < 1_000; waited += 5) await delay(5);
    queue.close();
    await delay(100);
    expect(tries).toBe(1);
  });
});
