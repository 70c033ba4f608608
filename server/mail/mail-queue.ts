import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { type Outbox, startOutbox } from '#server/jobs/outbox.ts';
import type { Mail, Mailer } from './mailer';

export type OutboxRow = {
  id: string;
  kind: (typeof mailOutbox.$inferSelect)['kind'];
  recipient: string;
  shop_id: string | null;
  /** A bigint: some drivers read it as text. */
  message_id: number | string | null;
  tries: number;
};

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

export type MailQueue = Outbox & {
  /** One insert, the same whether or not the address has an account. */
  requestPasswordReset(email: string): Promise<void>;
};

/** Mail goes out after the answer, so timing tells nobody whose email has an account. */
export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, mailer, compose, ...timing } = options;
  const outbox = startOutbox<OutboxRow>({
    db,
    table: mailOutbox,
    noun: 'mail',
    ...timing,
    async deliver(row) {
      const mail = await compose(row);
      if (mail) await mailer.send(mail);
    },
  });
  return {
    ...outbox,
    async requestPasswordReset(email) {
      await db.insert(mailOutbox).values({ kind: 'password-reset', recipient: email });
      outbox.wake();
    },
  };
}
