import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SecretName, SecretSource } from '#server/config.ts';
import type { Db } from './client';
import { generatedSecrets } from './schema';

const NAMES: SecretName[] = ['jwt', 'paystack-simulator'];

/** So a token signed by one instance is accepted by all; `earlier` (DATA_DIR's) are kept, so nobody is signed out. */
export async function secretsInDatabase(db: Db, earlier: (name: SecretName) => string | undefined = () => undefined): Promise<SecretSource> {
  await db
    .insert(generatedSecrets)
    .values(NAMES.map((name) => ({ name, value: earlier(name) ?? randomBytes(48).toString('base64url') })))
    .onConflictDoNothing();
  const rows = await db.select().from(generatedSecrets).where(sql`${generatedSecrets.name} in ${NAMES}`);
  const values = new Map(rows.map((row) => [row.name, row.value]));
  return (name) => values.get(name)!;
}
