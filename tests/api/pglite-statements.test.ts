import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '#server/db/client.ts';

// PGlite only, whatever DATABASE_URL says: the statements it keeps prepared (server/db/pglite-statements.ts).
let database: Database;
beforeAll(async () => {
  database = await openPglite(undefined);
  await database.db.execute(sql`create table notes (id int primary key, body text, at timestamptz)`);
});
afterAll(() => database.close());

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const note = (id: number) => rows<{ id: number; body: string | null; at: string | null }>(sql`select id, body, at from notes where id = ${id}`);

describe('statements PGlite keeps prepared', () => {
  it('answers a statement run again with other values, nulls and dates as the first time', async () => {
    const at = new Date('2026-12-05T10:00:00Z');
    for (const [id, body, when] of [
      [1, 'first', at],
      [2, null, null],
      [3, "it's", at],
    ] as const) {
      await database.db.execute(sql`insert into notes (id, body, at) values (${id}, ${body}, ${when})`);
    }
    expect((await note(1))[0]).toMatchObject({ id: 1, body: 'first' });
    expect(new Date((await note(1))[0]!.at!).toISOString()).toBe(at.toISOString());
    expect((await note(2))[0]).toMatchObject({ id: 2, body: null, at: null });
    expect((await note(3))[0]).toMatchObject({ id: 3, body: "it's" });
    expect(await note(4)).toEqual([]);
  });

  it('keeps answering statements beyond the number it holds prepared', async () => {
    for (let n = 0; n < 250; n++) {
      expect(await rows<{ n: number }>(sql`select ${n}::int + ${sql.raw(String(n))} as n`)).toEqual([{ n: 2 * n }]);
    }
    expect((await note(1))[0]).toMatchObject({ body: 'first' });
  });

  it('gives a refused statement’s SQLSTATE, and runs that statement again afterwards', async () => {
    const insert = (id: number) => database.db.execute(sql`insert into notes (id, body) values (${id}, 'again')`);
    const error = await insert(1).then(
      () => null,
      (failure: { cause?: { code?: string }; code?: string }) => failure.cause ?? failure,
    );
    expect(error?.code).toBe('23505');
    await insert(10);
    expect((await note(10))[0]).toMatchObject({ body: 'again' });
  });

  it('answers with the new columns once a table changed', async () => {
    const all = () => rows<Record<string, unknown>>(sql`select * from notes where id = ${1}`);
    expect(Object.keys((await all())[0]!)).toEqual(['id', 'body', 'at']);
    await database.db.execute(sql`alter table notes add column pinned boolean not null default false`);
    // The statement prepared before the change may fail once; the next call prepares it afresh.
    const after = await all().catch(() => all());
    expect(after[0]).toMatchObject({ id: 1, pinned: false });
  });

  it('never runs inside another caller’s open transaction', async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (20, 'never kept')`);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await insertedNow;
    expect(await note(20)).toEqual([]);
    await rolledBack;
  });
});
