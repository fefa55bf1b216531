import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { environmentFailure, storesPlace, type EnvironmentFailure } from './environment-failure.js';
import { reusePreparedStatements } from './reused-statements.js';
import { traceStatements, type StatementListener } from './statement-trace.js';

export type Connection = Database.Database;

/**
 * Opens a SQLite file the way every store in a run is opened: WAL journal,
 * NORMAL sync (commits survive a process crash, which is what we model; a
 * power cut is not), and a busy timeout so concurrent processes wait instead
 * of failing at once.
 */
export function openSqlite(path: string): Connection {
  const db = new Database(path);
  // One exec, not three db.pragma calls: each of those compiles a statement to read back a result nobody needs.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
  return limitGrowth(db);
}

/**
 * The drill of a full disk: with CUTPOINT_STORE_PAGES_MAX=n in the
 * environment, every store a run opens (file or memory, in this process and
 * in every child, which inherit it) refuses to grow past n pages, and SQLite
 * answers SQLITE_FULL exactly as on a full disk. It shows what a full disk
 * does to a command (exit 2, one line) without filling one, which CI cannot
 * always do (a tmpfs mount needs root). Unset, nothing changes.
 */
export const STORE_PAGES_MAX_ENV = 'CUTPOINT_STORE_PAGES_MAX';
const STORE_PAGES_MAX = pagesMaxOf(process.env[STORE_PAGES_MAX_ENV]);

function pagesMaxOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const pages = Number(value);
  if (!Number.isSafeInteger(pages) || pages < 1)
    throw new RangeError(`${STORE_PAGES_MAX_ENV} must be a positive whole number of pages, got '${value}'`);
  return pages;
}

function limitGrowth(db: Connection): Connection {
  // SQLite never shrinks a store below its size: a smaller limit holds it at the size it has.
  if (STORE_PAGES_MAX !== undefined) db.exec(`PRAGMA max_page_count = ${STORE_PAGES_MAX}`);
  return db;
}

/**
 * Where a run's stores live. `file`: real SQLite files, one per store.
 * `memory`: each store is an in-memory database whose committed bytes are
 * serialized when a connection closes and deserialized into a brand-new
 * connection when the next life opens it, so "fresh connections" still holds.
 */
export interface StoreMedium {
  readonly kind: 'file' | 'memory';
  /** Creates a fresh store at `path` with `schema`; refuses one that exists. */
  create(path: string, schema: string): void;
  open(path: string): Connection;
  close(path: string, db: Connection): void;
  /**
   * Opens a connection for a reader that writes nothing (the checker). The
   * reader closes it with `db.close()`: what it read is left as it was, so
   * there is nothing to keep.
   */
  openReader(path: string): Connection;
  /** Removes whatever `create` and `open` left at `path`. */
  discard(path: string): void;
  /**
   * Keeps the stores at `paths` open between lives, until the returned
   * release is called: see FileMedium.hold. Lives and readers see exactly what
   * they would without it. A medium with nothing to keep has no hold.
   */
  hold?(paths: readonly string[]): () => void;
}

/**
 * File images of each schema, built once per process and shared by every file
 * medium: a table run or a check creates hundreds of stores with two schemas.
 */
const FILE_TEMPLATES = new Map<string, Buffer>();

/**
 * Real files. A fresh store is written from a template image of its schema
 * (built once per schema), which costs one file write instead of DDL and
 * journal setup, and is byte-for-byte what running the schema would leave.
 */
export class FileMedium implements StoreMedium {
  readonly kind = 'file';
  private readonly templates = FILE_TEMPLATES;

  create(path: string, schema: string): void {
    if (existsSync(path)) throw new Error(`refusing to reuse an existing store: ${path}`);
    let image = this.templates.get(schema);
    if (!image) {
      const db = openSqlite(path);
      db.exec(schema);
      db.close();
      image = readFileSync(path);
      this.templates.set(schema, image);
      return;
    }
    writeFileSync(path, image, { flag: 'wx' });
  }

  open(path: string): Connection {
    return openSqlite(path);
  }

  close(_path: string, db: Connection): void {
    db.close();
  }

  openReader(path: string): Connection {
    return openSqlite(path);
  }

  discard(path: string): void {
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }

  /**
   * Opens one idle connection to each store for the harness, as a server's
   * other connections would hold it, and reads nothing through it but the
   * first page (which maps the store's WAL index). While it is open, a life's
   * fresh connection finds the WAL index in place, and the last one to close
   * does not checkpoint the WAL into the file and delete it: SQLite work that
   * came back at every life, and on a disk with fsyncs. Committed state reads
   * the same either way; the release closes the holders, and the last close
   * checkpoints the WAL and removes it, leaving each store a single file.
   */
  hold(paths: readonly string[]): () => void {
    const holders = paths.map((path) => {
      const db = openSqlite(path);
      db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
      return db;
    });
    return () => {
      for (const db of holders) if (db.open) db.close();
    };
  }
}

/** Serialized images of each schema, shared by every memory medium in the process: an exploration makes one medium per execution. */
const MEMORY_TEMPLATES = new Map<string, Buffer>();

export class MemoryMedium implements StoreMedium {
  readonly kind = 'memory';
  private readonly images: Map<string, Buffer>;
  private readonly templates = MEMORY_TEMPLATES;

  /** `stores`: committed images taken from another memory medium (`stores()`), to go on from where its stores were. */
  constructor(stores: ReadonlyMap<string, Buffer> = new Map()) {
    this.images = new Map(stores);
  }

  /** Every store's committed image, as the next connection would open it (images are never changed in place, only replaced). */
  stores(): ReadonlyMap<string, Buffer> {
    return new Map(this.images);
  }

  create(path: string, schema: string): void {
    if (this.images.has(path)) throw new Error(`refusing to reuse an existing store: ${path}`);
    let image = this.templates.get(schema);
    if (!image) {
      const db = limitGrowth(new Database(':memory:'));
      db.exec(schema);
      image = db.serialize();
      db.close();
      this.templates.set(schema, image);
    }
    this.images.set(path, image);
  }

  open(path: string): Connection {
    const image = this.images.get(path);
    if (!image) throw new Error(`no store at ${path}`);
    return limitGrowth(new Database(image));
  }

  close(path: string, db: Connection): void {
    this.images.set(path, db.serialize());
    db.close();
  }

  /** Read-only: SQLite refuses any write on it, so its image need not be serialized back. */
  openReader(path: string): Connection {
    const image = this.images.get(path);
    if (!image) throw new Error(`no store at ${path}`);
    return new Database(image, { readonly: true });
  }

  discard(path: string): void {
    this.images.delete(path);
  }
}

/**
 * Runs `work` in one IMMEDIATE transaction (the write lock taken up front, so
 * concurrent processes wait on the busy timeout rather than fail on a lock
 * upgrade): committed if it returns, rolled back if it throws.
 */
export function immediateTransaction<T>(db: Connection, work: (db: Connection) => T): T {
  // exec, not a prepared statement: these take no parameters, and on a fresh
  // connection (every life opens one) exec runs them for less than compiling
  // a statement object would cost.
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work(db);
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Every connection one process life opened. Closing the set is what makes a
 * recovery start "with fresh connections": nothing from the crashed life is
 * reused, and tests can check each handle is closed. It also remembers the
 * first environment failure (a full disk, an unopenable file) any of its
 * stores raised, even one the protocol caught and went on from: the life's
 * end is then that failure, never a verdict on what the protocol did next.
 */
export class ConnectionSet {
  private readonly opened: { path: string; db: Connection }[] = [];
  private failure: EnvironmentFailure | undefined;
  private listener: StatementListener | undefined;

  constructor(private readonly medium: StoreMedium) {}

  /** Tells `listener` what every statement on a connection opened from here on touches (an explorer's footprints). */
  watch(listener: StatementListener): void {
    this.listener = listener;
  }

  open(path: string): Connection {
    let db: Connection;
    try {
      db = reusePreparedStatements(this.medium.open(path));
      // A store is named by its file name: every execution of an exploration has a folder of its own.
      if (this.listener) traceStatements(db, basename(path), this.listener);
    } catch (error) {
      this.note(error, path);
      throw error;
    }
    this.opened.push({ path, db });
    return db;
  }

  /** Notes an error a store of this set raised (at `path`, else at the first store's) when it is the machine's, not the code's. */
  note(error: unknown, path?: string): void {
    const at = path ?? this.opened[0]?.path;
    this.failure ??= environmentFailure(error, storesPlace(this.medium.kind, at === undefined ? '(no store opened)' : dirname(at)));
  }

  /** The first environment failure a store of this set raised, if one did. */
  environmentFailure(): EnvironmentFailure | undefined {
    return this.failure;
  }

  handles(): readonly Connection[] {
    return this.opened.map(({ db }) => db);
  }

  /** Closes every connection; a store that fails to close for the machine's reasons is noted, and the others still close. */
  closeAll(): void {
    for (const { path, db } of this.opened) {
      if (!db.open) continue;
      try {
        this.medium.close(path, db);
      } catch (error) {
        this.note(error, path);
        if (this.failure === undefined) throw error;
      }
    }
  }
}
