import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { createMailQueue, type MailQueue, type MailQueueOptions } from '#server/mail/mail-queue.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { freshDatabase } from './support/harness';

/** A logger that keeps what it was told, by level. */
function keptLog() {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_fields: unknown, message: string) => void lines.push({ level, message });
  const log = { error: keep('error'), warn: keep('warn'), info: keep('info'), debug: keep('debug') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** Every request's mail goes to the address asked for, except those of `nobody@…`, an address no account has. */
const compose = async (row: { recipient: string }): Promise<Mail | null> =>
  row.recipient.startsWith('nobody@') ? null : { to: row.recipient, subject: 'Reset your Kasuwa password', text: 'link' };

let database: Database;
let drop: () => Promise<void>;
const queues: MailQueue[] = [];
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterEach(async () => {
  for (const queue of queues.splice(0)) queue.close();
  await database.db.delete(mailOutbox);
});
afterAll(async () => {
  await database.close();
  await drop();
});

function queue(options: Partial<MailQueueOptions> & Pick<MailQueueOptions, 'mailer'>) {
  const made = createMailQueue({ db: database.db, compose, log: keptLog().log, pollMs: 50, ...options });
  queues.push(made);
  return made;
}

const waiting = async () => (await database.db.select().from(mailOutbox)).length;

async function eventually(check: () => boolean | Promise<boolean>) {
  for (let waited = 0; !(await check()) && waited < 3_000; waited += 10) await delay(10);
  expect(await check()).toBe(true);
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
    await queue({ mailer: failing, log, retryDelaysMs: [5, 5] }).requestPasswordReset('ada@example.ng');
    // Nothing is tried while the caller is still answering.
    expect(tries).toBe(0);

    await eventually(() => tries === 3 && lines.length === 3);
    await delay(100);
    expect(tries).toBe(3);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error']);
    expect(lines.at(-1)!.message).toMatch(/given up/);
    expect(await waiting()).toBe(0);
  });

  test('keeps a request in the database until its mail is sent: one an API stopped while sending is sent by another', async () => {
    let firstTries = 0;
    const first = queue({
      mailer: {
        send: () => {
          firstTries += 1;
          return new Promise<void>(() => {});
        },
      },
      claimMs: 300,
    });
    await first.requestPasswordReset('ada@example.ng');
    await eventually(() => firstTries === 1);
    first.close();
    expect(await waiting()).toBe(1);

    const sent: Mail[] = [];
    queue({ mailer: { send: async (mail) => void sent.push(mail) } });

    await eventually(() => sent.length === 1);
    expect(sent[0]!.to).toBe('ada@example.ng');
    await eventually(async () => (await waiting()) === 0);
  });

  test('sends each mail once when several APIs share the database', async () => {
    const sent: string[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail.to) };
    const instances = [queue({ mailer }), queue({ mailer }), queue({ mailer })];
    const addresses = Array.from({ length: 30 }, (_, i) => `person${i}@example.ng`);

    await Promise.all(addresses.map((address, i) => instances[i % instances.length]!.requestPasswordReset(address)));

    await eventually(() => sent.length >= addresses.length);
    await delay(200);
    expect(sent.sort()).toEqual(addresses.sort());
  });

  test('sends nothing for an address no account has, and keeps no row of it', async () => {
    const sent: Mail[] = [];
    await queue({ mailer: { send: async (mail) => void sent.push(mail) } }).requestPasswordReset('nobody@example.ng');

    await eventually(async () => (await waiting()) === 0);
    expect(sent).toEqual([]);
  });
});
