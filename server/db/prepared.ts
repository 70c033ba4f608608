import type { Db } from './client';

/**
 * A statement built once per database and run with `sql.placeholder` values: drizzle otherwise writes a
 * query's text afresh on every call, which on a hot read costs more than PostgreSQL's own work.
 */
export function preparedOnce<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
