import type Database from 'better-sqlite3';

type Connection = Database.Database;
type Statement = ReturnType<Connection['prepare']>;

/**
 * Makes `db.prepare(sql)` return the same compiled statement for the same SQL
 * text on this connection. Protocols write their SQL inline, where a reader
 * sees it; compiling it again on every call would cost more than running it.
 *
 * A reused statement behaves as a freshly prepared one would: what an earlier
 * call set on it (raw, pluck, expand, safe integers) is set back to the
 * connection's defaults, and a statement that was bound to parameters (which
 * better-sqlite3 allows once per statement) is not reused but compiled again.
 */
export function reusePreparedStatements(db: Connection): Connection {
  const compile = db.prepare.bind(db);
  const compiled = new Map<string, Statement>();
  const bound = new WeakSet<Statement>();
  let safeIntegers = false;
  const setDefault = db.defaultSafeIntegers.bind(db);
  db.defaultSafeIntegers = (toggle?: boolean) => {
    safeIntegers = toggle ?? true;
    return setDefault(safeIntegers);
  };
  db.prepare = ((sql: string) => {
    const reused = compiled.get(sql);
    if (reused && !bound.has(reused)) {
      if (reused.reader) reused.raw(false).pluck(false).expand(false);
      return reused.safeIntegers(safeIntegers);
    }
    const statement = compile(sql);
    const bind = statement.bind.bind(statement);
    statement.bind = (...params: unknown[]) => {
      bound.add(statement);
      return bind(...params);
    };
    compiled.set(sql, statement);
    return statement;
  }) as Connection['prepare'];
  return db;
}
