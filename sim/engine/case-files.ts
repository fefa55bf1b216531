import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection, StoreMedium } from './connections.js';
import { asEnvironmentFailure, storesPlace } from './environment-failure.js';
import type { CaseFiles, StoreReader } from './family.js';

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
  try {
    if (medium.kind === 'file') mkdirSync(files.folder, { recursive: true });
    for (const [store, schema] of Object.entries(schemas)) medium.create(storePath(files, store), schema);
  } catch (error) {
    // A full disk or a folder that may not be written stops the command in one line (EnvironmentFailure), never a case's error.
    throw asEnvironmentFailure(error, storesPlace(medium.kind, files.folder));
  }
}

/**
 * Reads a case's stores with connections of the reader's own: one per store,
 * opened the first time `reading` asks for that store and shared by every
 * later read of it (they all see the same finished store), all closed before
 * returning.
 */
export function readStores<T>(medium: StoreMedium, files: CaseFiles, reading: (stores: StoreReader) => T): T {
  const opened = new Map<string, Connection>();
  const stores: StoreReader = (store, read) => {
    let db = opened.get(store);
    if (!db) {
      db = medium.openReader(storePath(files, store));
      opened.set(store, db);
    }
    return read(db);
  };
  try {
    return reading(stores);
  } finally {
    for (const db of opened.values()) db.close();
  }
}
