import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/** What a plan case left behind, read back from its files with connections of the test's own. */
function readToolServer<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** N per intention: the rows of the tool server's `writes`, counted by intention. */
export function writesByIntention(toolServerFile: string): Record<string, number> {
  return readToolServer(toolServerFile, (db) => {
    const rows = db.prepare('SELECT intention_id, count(*) AS n FROM writes GROUP BY intention_id ORDER BY intention_id').all();
    return Object.fromEntries((rows as { intention_id: string; n: number }[]).map((row) => [row.intention_id, row.n]));
  });
}

/** The idempotency keys of the write calls the tool server logged, in the order they came. */
export function writeKeys(toolServerFile: string): string[] {
  return readToolServer(toolServerFile, (db) =>
    (db.prepare(`SELECT request_key FROM calls WHERE tool = 'write_file' ORDER BY rowid`).all() as { request_key: string }[]).map(
      (row) => row.request_key,
    ),
  );
}

/** The plan step a case's crash fell in, counted from 1: the before-step cuts life 0 passed before the crash, in its history.jsonl. */
export function stepOfCrash(historyFile: string): number {
  const events = readFileSync(historyFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; op: string; life: number });
  const crash = events.findIndex((event) => event.type === 'crash');
  return events.slice(0, crash).filter((event) => event.type === 'cut' && event.op === 'before-step' && event.life === 0).length;
}
