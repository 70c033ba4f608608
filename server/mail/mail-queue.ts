import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { Mail, Mailer } from './mailer';

/** A mail server down for a while still delivers a reset link before it expires. */
const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 2 * 60_000, 10 * 60_000];
/** Longer than a send can last, so a mail goes twice only if its instance died mid-send. */
const CLAIM_MS = 2 * 60_000;
const POLL_MS = 10_000;
/** A hung mail server holds at most this many until its timeouts. */
const SENDING_MAX = 10;

export type OutboxRow = { id: string; kind: (typeof mailOutbox.$inferSelect)['kind']; recipient: string; shop_id: string | null; tries: number };

export type MailQueueOptions = {
  db: Db;
  mailer: Mailer;
  /** Null when there is nothing to send (an address no account has). */
  compose: (row: OutboxRow) => Promise<Mail | null>;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
  claimMs?: number;
  pollMs?: number;
};

export type MailQueue = {
  /** One insert, the same whether or not the address has an account. */
  requestPasswordReset(email: string): Promise<void>;
  wake(): void;
  close(): void;
};

/**
 * Mail goes out after the answer, so timing tells nobody whose email has an account and a slow mail server
 * is nobody's wait; `for update skip locked` gives each row to one instance.
 */
export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, mailer, compose, log, retryDelaysMs = RETRY_DELAYS_MS, claimMs = CLAIM_MS, pollMs = POLL_MS } = options;
  let closed = false;
  let draining = false;
  let again = false;
  let sending = 0;
  let wake: NodeJS.Timeout | undefined;

  /** A timer firing a little early finds nothing due, and is set again. */
  async function wakeAtNextDue(): Promise<void> {
    const { rows } = (await db.execute(sql`
      select ceil(extract(epoch from min(next_try_at) - now()) * 1000)::int as ms from mail_outbox`)) as { rows: { ms: number | null }[] };
    const ms = rows[0]?.ms;
    clearTimeout(wake);
    if (closed || ms === null || ms === undefined || ms >= pollMs) return;
    wake = setTimeout(nudge, Math.max(ms, 1));
    wake.unref();
  }

  async function claim(limit: number): Promise<OutboxRow[]> {
    const { rows } = (await db.execute(sql`
      update mail_outbox set tries = tries + 1, next_try_at = now() + make_interval(secs => ${claimMs / 1000})
      where id in (
        select id from mail_outbox where next_try_at <= now() order by next_try_at limit ${limit} for update skip locked
      )
      returning id, kind, recipient, shop_id, tries`)) as { rows: OutboxRow[] };
    return rows;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    let mail: Mail | null = null;
    try {
      mail = await compose(row);
      if (mail) await mailer.send(mail);
    } catch (error) {
      const delay = retryDelaysMs[row.tries - 1];
      const subject = mail?.subject ?? row.kind;
      if (delay !== undefined) {
        log.warn({ err: error, subject }, `mail not sent; trying again in ${delay / 1000} s`);
        await db
          .update(mailOutbox)
          .set({ nextTryAt: sql`now() + make_interval(secs => ${delay / 1000})` })
          .where(eq(mailOutbox.id, row.id));
        return;
      }
      log.error({ err: error, subject, tries: row.tries }, 'mail not sent; given up');
    }
    // Also after close: a mail sent while the API stops is marked sent if the database still answers.
    await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
  }

  function send(row: OutboxRow) {
    sending += 1;
    deliver(row)
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'the mail queue could not write to the database; the mail is tried again later');
      })
      .finally(() => {
        sending -= 1;
        nudge();
      });
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      do {
        again = false;
        while (!closed && sending < SENDING_MAX) {
          const rows = await claim(SENDING_MAX - sending);
          if (!rows.length) break;
          rows.forEach(send);
        }
        if (!closed && sending < SENDING_MAX) await wakeAtNextDue();
      } while (again && !closed);
    } catch (error) {
      if (!closed) log.error({ err: error }, 'the mail queue could not read the database; trying again later');
    } finally {
      draining = false;
    }
  }

  function nudge() {
    if (closed) return;
    if (draining) again = true;
    else void drain();
  }

  const poll = setInterval(nudge, pollMs);
  poll.unref();
  setImmediate(nudge);

  return {
    async requestPasswordReset(email) {
      await db.insert(mailOutbox).values({ kind: 'password-reset', recipient: email });
      setImmediate(nudge);
    },
    wake() {
      setImmediate(nudge);
    },
    close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(wake);
    },
  };
}
