import type Database from 'better-sqlite3';
import type { Access } from './footprint.js';
import { accessesOf, statementShape, type StatementShape } from './sql-footprint.js';

/** A connection as connections.ts opens it (named here so that this file does not import that one). */
type Connection = Database.Database;

/** Told of what every statement run on a traced connection touches; `opaque` when that cannot be known. */
export type StatementListener = (accesses: readonly Access[] | 'opaque') => void;

/** Shapes by SQL text, for the whole process: protocols run the same few statements millions of times. */
const SHAPES = new Map<string, StatementShape>();

function shapeOf(sql: string): StatementShape {
  let shape = SHAPES.get(sql);
  if (!shape) {
    shape = statementShape(sql);
    SHAPES.set(sql, shape);
  }
  return shape;
}

/** Positional parameters as better-sqlite3 takes them (spread, or arrays of them); undefined when any is named. */
function positional(args: readonly unknown[]): unknown[] | undefined {
  const params: unknown[] = [];
  for (const arg of args) {
    if (Array.isArray(arg)) params.push(...(arg as unknown[]));
    else if (arg !== null && typeof arg === 'object' && !Buffer.isBuffer(arg)) return undefined;
    else params.push(arg);
  }
  return params;
}

/** Connection methods whose reach no statement text tells: each makes the step that calls it opaque. */
const OPAQUE_METHODS = ['pragma', 'function', 'aggregate', 'table', 'loadExtension', 'backup', 'serialize', 'unsafeMode'] as const;
const STATEMENT_METHODS = ['run', 'get', 'all', 'iterate'] as const;

/**
 * Makes every statement run on `db` tell `listen` what it touches in `store`
 * (see statementShape): prepared statements, exec'd SQL and every other way
 * a connection offers to reach its store. It changes nothing a statement does.
 */
export function traceStatements(db: Connection, store: string, listen: StatementListener): Connection {
  const traced = new WeakSet<object>();
  const tell = (sql: string, params: unknown[] | undefined) => {
    const shape = shapeOf(sql);
    if (shape.kind === 'none') return;
    listen(shape.kind === 'opaque' ? 'opaque' : accessesOf(shape, store, params));
  };
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (traced.has(statement)) return statement;
    traced.add(statement);
    let bound: unknown[] | undefined;
    const bind = statement.bind.bind(statement);
    statement.bind = (...args: unknown[]) => {
      bound = positional(args);
      return bind(...args);
    };
    for (const method of STATEMENT_METHODS) {
      const original = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        tell(sql, args.length === 0 && bound ? bound : positional(args));
        return original(...args);
      };
    }
    return statement;
  }) as Connection['prepare'];
  const exec = db.exec.bind(db);
  db.exec = (sql: string) => {
    for (const part of sql.split(';')) tell(part, []);
    return exec(sql);
  };
  for (const method of OPAQUE_METHODS) {
    const original = (db[method] as (...args: unknown[]) => unknown).bind(db);
    (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      listen('opaque');
      return original(...args);
    };
  }
  return db;
}
