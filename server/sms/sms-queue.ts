import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema.ts';
import { type Outbox, startOutbox } from '#server/jobs/outbox.ts';
import type { SmsSender } from './sms-sender';

type SmsRow = { id: string; kind: string; recipient: string; body: string; tries: number };

export type SmsQueueOptions = {
  db: Db;
  sender: SmsSender;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
};

/** Text messages queued in `sms_outbox`, sent and retried as mail is. */
export function createSmsQueue(options: SmsQueueOptions): Outbox {
  const { sender, ...rest } = options;
  return startOutbox<SmsRow>({
    ...rest,
    table: smsOutbox,
    noun: 'text message',
    deliver: (row) => sender.send({ to: row.recipient, text: row.body }),
  });
}
