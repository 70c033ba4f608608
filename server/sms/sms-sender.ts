import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One text message to a number written as +234…. */
export type Sms = { to: string; text: string };
export type SmsSender = { send(sms: Sms): Promise<void> };

/** The offline stand-in: each text message becomes one `.txt` file in `DATA_DIR/sms-outbox/`, as mail does in `outbox/`. */
export function fileSmsSender(outboxDir: string): SmsSender {
  return {
    async send(sms) {
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(path.join(outboxDir, name), `To: ${sms.to}\n\n${sms.text}\n`);
    },
  };
}
