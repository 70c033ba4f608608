import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Named statements kept at once; the least recently used is closed to make room. */
const STATEMENTS_MAX = 200;

type Statement = { name: string; paramTypes: number[] };
type Backend = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/**
 * PGlite's `query` parses and plans every statement again; planning a join is the larger part of a short
 * statement's time in WebAssembly. This makes each distinct text a named prepared statement, so PostgreSQL
 * parses it once and, for a statement whose plan does not depend on its values, stops planning it after a
 * few runs (docs/decisions/080-reused-statements-on-pglite.md). Transactions (`client.transaction`) and
 * queries carrying a blob go on through PGlite's own `query`.
 */
export function reuseStatements(client: PGlite): void {
  const original = client.query.bind(client);
  const statements = new Map<string, Statement>();
  /** Statements evicted, or whose last run failed: closed at the start of the next query. */
  const toClose: string[] = [];
  let named = 0;

  const run = (message: Uint8Array, options?: QueryOptions) => client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const name = `kasuwa_${++named}`;
    let paramTypes: number[];
    try {
      await run(protocol.serialize.parse({ name, text, types: options?.paramTypes }), options);
      paramTypes = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: 'S', name }), options));
    } catch (error) {
      // Closing a statement that was never made is no error.
      toClose.push(name);
      throw error;
    }
    const statement = { name, paramTypes };
    statements.set(text, statement);
    if (statements.size > STATEMENTS_MAX) {
      const [oldest, { name }] = statements.entries().next().value!;
      statements.delete(oldest);
      toClose.push(name);
    }
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const messages: Backend = [];
    let statement = statements.get(text);
    try {
      for (const name of toClose.splice(0)) await run(protocol.serialize.close({ type: 'S', name }), options);
      if (statement) {
        // Most recently used last, so the first entry is the one to close.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text, options);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await run(protocol.serialize.bind({ statement: statement.name, values }), options)));
      messages.push(...(await run(protocol.serialize.describe({ type: 'P' }), options)));
      messages.push(...(await run(protocol.serialize.execute({}), options)));
    } catch (error) {
      // A statement that failed is prepared afresh next time: a schema change may have made it stale.
      if (statement && statements.get(text) === statement) {
        statements.delete(text);
        toClose.push(statement.name);
      }
      Object.assign(error as object, { query: text, params, queryOptions: options });
      throw error;
    } finally {
      messages.push(...(await run(protocol.serialize.sync(), options)));
    }
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob) return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => query<T>(text, params, options)));
  };
}
