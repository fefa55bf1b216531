import Database from 'better-sqlite3';

export type Connection = Database.Database;

/**
 * Opens a SQLite file the way every store in a run is opened: WAL journal,
 * NORMAL sync (commits survive a process crash, which is what we model; a
 * power cut is not), and a busy timeout so concurrent processes wait instead
 * of failing at once.
 */
export function openSqlite(path: string): Connection {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Every connection one process life opened. Closing the set is what makes a
 * recovery start "with fresh connections": nothing from the crashed life is
 * reused, and tests can check each handle is closed.
 */
export class ConnectionSet {
  private readonly opened: Connection[] = [];

  open(path: string): Connection {
    const db = openSqlite(path);
    this.opened.push(db);
    return db;
  }

  handles(): readonly Connection[] {
    return this.opened;
  }

  closeAll(): void {
    for (const db of this.opened) {
      if (db.open) db.close();
    }
  }
}
