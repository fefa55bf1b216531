import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection, StoreMedium } from './connections.js';
import type { CaseFiles } from './family.js';

/** The orchestrator's store name: the agent's own SQLite file, `orchestrator.db`. */
export const ORCHESTRATOR = 'orchestrator';

/** The files of one case in `folder`: `<store>.db` for each store, and history.jsonl. */
export function caseFiles(folder: string, storeNames: readonly string[]): CaseFiles {
  return {
    folder,
    stores: Object.fromEntries(storeNames.map((name) => [name, join(folder, `${name}.db`)])),
    history: join(folder, 'history.jsonl'),
  };
}

/** The path of one store of a case; a store the case does not have is a bug of its caller. */
export function storePath(files: CaseFiles, store: string): string {
  const path = files.stores[store];
  if (path === undefined) throw new Error(`this case has no store '${store}' (it has ${Object.keys(files.stores).join(', ')})`);
  return path;
}

/**
 * Creates the independent stores of one case, fresh, each with its schema.
 * Refuses a store that already exists: a run never reuses or overwrites one.
 */
export function createFreshStores(medium: StoreMedium, files: CaseFiles, schemas: Readonly<Record<string, string>>): void {
  if (medium.kind === 'file') mkdirSync(files.folder, { recursive: true });
  for (const [store, schema] of Object.entries(schemas)) medium.create(storePath(files, store), schema);
}

/** Reads a store with a connection of the reader's own, closed before returning. */
export function readStore<T>(medium: StoreMedium, path: string, read: (db: Connection) => T): T {
  const db = medium.open(path);
  try {
    return read(db);
  } finally {
    medium.close(path, db);
  }
}
