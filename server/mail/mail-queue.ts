import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer';

/** Pauses before each new try: a mail server down for a quarter of an hour still delivers a link valid for an hour. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 2 * 60_000, 10 * 60_000];

/** Mails in hand at once (each waits or is being sent); beyond it a new one is dropped and logged, not held. */
const MAX_PENDING = 1_000;

export type MailQueue = {
  /** Takes the mail and returns at once; sending, and every retry, happens after the caller has answered. */
  enqueue(mail: Mail, log: FastifyBaseLogger): void;
  /** Forgets mails waiting for a retry (the API is stopping). */
  close(): void;
};

/**
 * Mail goes out after the answer, so a request answers in the same time whether or not a mail was due
 * (nobody learns by timing whose email has an account) and a slow or broken mail server is nobody's wait.
 * A failure is logged, never shown: the answer has already gone. Mails wait in memory, so a stopped API
 * loses those not yet sent; the person asks again.
 */
export function createMailQueue(mailer: Mailer, retryDelaysMs: readonly number[] = RETRY_DELAYS_MS): MailQueue {
  let pending = 0;
  let closed = false;
  const retries = new Set<NodeJS.Timeout>();

  async function attempt(mail: Mail, log: FastifyBaseLogger, tries: number): Promise<void> {
    try {
      await mailer.send(mail);
      pending -= 1;
    } catch (error) {
      const delay = retryDelaysMs[tries];
      if (closed || delay === undefined) {
        pending -= 1;
        log.error({ err: error, subject: mail.subject, tries: tries + 1 }, 'mail not sent; given up');
        return;
      }
      log.warn({ err: error, subject: mail.subject }, `mail not sent; trying again in ${delay / 1000} s`);
      const retry = setTimeout(() => {
        retries.delete(retry);
        void attempt(mail, log, tries + 1);
      }, delay);
      retry.unref();
      retries.add(retry);
    }
  }

  return {
    enqueue(mail, log) {
      if (closed) return;
      if (pending >= MAX_PENDING) {
        log.error({ subject: mail.subject }, `mail dropped: ${MAX_PENDING} are already waiting`);
        return;
      }
      pending += 1;
      setImmediate(() => void attempt(mail, log, 0));
    },
    close() {
      closed = true;
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
    },
  };
}
