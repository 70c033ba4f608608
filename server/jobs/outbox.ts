import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { mailOutbox, smsOutbox } from '#server/db/schema.ts';

/** A mail or text message server down for a while still delivers a reset link before it expires. */
const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 2 * 60_000, 10 * 60_000];
/** Longer than a send can last, so a row goes twice only if its instance died mid-send. */
const CLAIM_MS = 2 * 60_000;
const POLL_MS = 10_000;
/** A hung server holds at most this many until its timeouts. */
const SENDING_MAX = 10;
/** A stopping API waits this long for mail and texts being sent, within its own stop grace. */
const CLOSE_WAIT_MS = 5_000;

export type OutboxOptions<Row> = {
  db: Db;
  table: typeof mailOutbox | typeof smsOutbox;
  /** What the log calls one row's message: "mail", "text message". */
  noun: string;
  /** Throws to be tried again later. */
  deliver: (row: Row) => Promise<void>;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
  claimMs?: number;
  pollMs?: number;
};

export type Outbox = {
  /** After a commit that queued a row: sends it now rather than at the next poll. */
  wake(): void;
  /** Stops taking rows and waits, at most CLOSE_WAIT_MS, for the ones being sent. */
  close(): Promise<void>;
};

/**
 * Sends the rows of an outbox table after the answer, so a slow server is nobody's wait, and retries with
 * growing delays; `for update skip locked` gives each row to one instance. Log lines name only a row's
 * kind: its recipient and words stay out of the log.
 */
export function startOutbox<Row extends { id: string; kind: string; tries: number }>(options: OutboxOptions<Row>): Outbox {
  const { db, table, noun, deliver, log, retryDelaysMs = RETRY_DELAYS_MS, claimMs = CLAIM_MS, pollMs = POLL_MS } = options;
  let closed = false;
  let draining = false;
  let again = false;
  let sending = 0;
  let wake: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();

  /** A timer firing a little early finds nothing due, and is set again. */
  async function wakeAtNextDue(): Promise<void> {
    const { rows } = (await db.execute(sql`
      select ceil(extract(epoch from min(next_try_at) - now()) * 1000)::int as ms from ${table}`)) as { rows: { ms: number | null }[] };
    const ms = rows[0]?.ms;
    clearTimeout(wake);
    if (closed || ms === null || ms === undefined || ms >= pollMs) return;
    wake = setTimeout(nudge, Math.max(ms, 1));
    wake.unref();
  }

  async function claim(limit: number): Promise<Row[]> {
    const { rows } = (await db.execute(sql`
      update ${table} set tries = tries + 1, next_try_at = now() + make_interval(secs => ${claimMs / 1000})
      where id in (
        select id from ${table} where next_try_at <= now() order by next_try_at limit ${limit} for update skip locked
      )
      returning *`)) as { rows: Row[] };
    return rows;
  }

  async function attempt(row: Row): Promise<void> {
    try {
      await deliver(row);
    } catch (error) {
      const delay = retryDelaysMs[row.tries - 1];
      if (delay !== undefined) {
        log.warn({ err: error, kind: row.kind }, `${noun} not sent; trying again in ${delay / 1000} s`);
        await db.execute(sql`update ${table} set next_try_at = now() + make_interval(secs => ${delay / 1000}) where id = ${row.id}`);
        return;
      }
      log.error({ err: error, kind: row.kind, tries: row.tries }, `${noun} not sent; given up`);
    }
    // Also after close: a message sent while the API stops is marked sent if the database still answers.
    await db.execute(sql`delete from ${table} where id = ${row.id}`);
  }

  function send(row: Row) {
    sending += 1;
    const sent = attempt(row)
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, `the ${noun} queue could not write to the database; the ${noun} is tried again later`);
      })
      .finally(() => {
        sending -= 1;
        inFlight.delete(sent);
        nudge();
      });
    inFlight.add(sent);
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
      if (!closed) log.error({ err: error }, `the ${noun} queue could not read the database; trying again later`);
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
    wake() {
      setImmediate(nudge);
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(wake);
      // A send cut off by the exit is sent again after its claim lapses; one that finishes is not sent twice.
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([Promise.allSettled(inFlight), giveUp]);
      clearTimeout(timer);
    },
  };
}
