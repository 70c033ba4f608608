import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SecretName, SecretSource } from '#server/config.ts';
import type { Db } from './client';
import { generatedSecrets } from './schema';

const NAMES: SecretName[] = ['jwt', 'paystack-simulator'];

/**
 * The generated secrets of every instance on this database: the first instance to start makes them,
 * and the others (started at the same moment too) read the same rows, so a token signed by one is
 * accepted by all and the Paystack simulator's webhooks verify on any of them. `earlier` gives the
 * secrets a single instance already made (in its DATA_DIR): kept, nobody is signed out by the move.
 */
export async function secretsInDatabase(db: Db, earlier: (name: SecretName) => string | undefined = () => undefined): Promise<SecretSource> {
  await db
    .insert(generatedSecrets)
    .values(NAMES.map((name) => ({ name, value: earlier(name) ?? randomBytes(48).toString('base64url') })))
    .onConflictDoNothing();
  const rows = await db.select().from(generatedSecrets).where(sql`${generatedSecrets.name} in ${NAMES}`);
  const values = new Map(rows.map((row) => [row.name, row.value]));
  return (name) => values.get(name)!;
}
