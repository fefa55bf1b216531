import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { FileMedium, openSqlite, type Connection, type StoreMedium } from '../sim/engine/connections.js';

/** One SQLite operation as the harness performed it. */
export type TracedOp =
  | { op: 'create'; path: string; schema: string }
  | { op: 'open'; path: string; id: number }
  | { op: 'close'; id: number }
  | { op: 'run' | 'get' | 'all'; id: number; sql: string; params: unknown[] }
  | { op: 'exec'; id: number; sql: string };

/**
 * A store medium that records every create, open, statement and close the
 * harness performs, so the same SQLite work can be replayed bare.
 */
export class TracingMedium implements StoreMedium {
  readonly kind = 'file';
  readonly ops: TracedOp[] = [];
  private readonly inner = new FileMedium();
  private readonly ids = new Map<Connection, number>();

  create(path: string, schema: string): void {
    this.ops.push({ op: 'create', path, schema });
    this.inner.create(path, schema);
  }

  open(path: string): Connection {
    const db = this.inner.open(path);
    const id = this.ids.size + 1;
    this.ids.set(db, id);
    this.ops.push({ op: 'open', path, id });
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      this.ops.push({ op: 'exec', id, sql });
      return exec(sql);
    };
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      const record =
        (op: 'run' | 'get' | 'all', call: (...params: unknown[]) => unknown) =>
        (...params: unknown[]) => {
          this.ops.push({ op, id, sql, params });
          return call(...params);
        };
      return Object.assign(Object.create(statement) as object, {
        run: record('run', statement.run.bind(statement)),
        get: record('get', statement.get.bind(statement)),
        all: record('all', statement.all.bind(statement)),
      });
    }) as Connection['prepare'];
    return db;
  }

  close(path: string, db: Connection): void {
    this.ops.push({ op: 'close', id: this.ids.get(db) ?? 0 });
    this.inner.close(path, db);
  }

  /** The checker's connections are traced like the others, their close included. */
  openReader(path: string): Connection {
    const db = this.open(path);
    const close = db.close.bind(db);
    db.close = () => {
      this.ops.push({ op: 'close', id: this.ids.get(db) ?? 0 });
      return close();
    };
    return db;
  }

  discard(path: string): void {
    this.inner.discard(path);
  }
}

/**
 * Replays traced operations with plain better-sqlite3 and no harness: same
 * files created, same connections opened and closed, same statements (each
 * compiled once per connection, as the harness does) with the same params.
 */
export function replayBare(ops: readonly TracedOp[], fromFolder: string, toFolder: string): void {
  const files = new FileMedium();
  const connections = new Map<number, { db: Connection; statements: Map<string, ReturnType<Connection['prepare']>> }>();
  const moved = (path: string) => join(toFolder, relative(fromFolder, path));
  for (const op of ops) {
    switch (op.op) {
      case 'create':
        mkdirSync(dirname(moved(op.path)), { recursive: true });
        files.create(moved(op.path), op.schema);
        break;
      case 'open':
        connections.set(op.id, { db: openSqlite(moved(op.path)), statements: new Map() });
        break;
      case 'close':
        connections.get(op.id)?.db.close();
        connections.delete(op.id);
        break;
      case 'exec':
        connections.get(op.id)?.db.exec(op.sql);
        break;
      default: {
        const connection = connections.get(op.id);
        if (!connection) throw new Error(`statement on unknown connection ${op.id}`);
        let statement = connection.statements.get(op.sql);
        if (!statement) {
          statement = connection.db.prepare(op.sql);
          connection.statements.set(op.sql, statement);
        }
        (statement[op.op] as (this: unknown, ...params: unknown[]) => unknown).apply(statement, op.params);
      }
    }
  }
}
