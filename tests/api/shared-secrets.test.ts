import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { secretsInDatabase } from '#server/db/shared-secrets.ts';
import { freshDatabase } from './support/harness';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

it('gives every instance on one database the same generated secrets, made by whichever started first', async () => {
  const [one, two] = await Promise.all([secretsInDatabase(database.db), secretsInDatabase(database.db)]);
  const later = await secretsInDatabase(database.db);

  for (const name of ['jwt', 'paystack-simulator'] as const) {
    expect(one(name).length).toBeGreaterThanOrEqual(32);
    expect(two(name)).toBe(one(name));
    expect(later(name)).toBe(one(name));
  }
  expect(one('jwt')).not.toBe(one('paystack-simulator'));
});

it('keeps the secrets a single instance had made in its DATA_DIR, so moving to several signs nobody out', async () => {
  const fresh = await freshDatabase();
  await fresh.database.migrate();
  try {
    const secrets = await secretsInDatabase(fresh.database.db, (name) => (name === 'jwt' ? 'the-jwt-secret-one-instance-had-made' : undefined));

    expect(secrets('jwt')).toBe('the-jwt-secret-one-instance-had-made');
    expect(secrets('paystack-simulator').length).toBeGreaterThanOrEqual(32);
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
});
