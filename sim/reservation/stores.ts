import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WAREHOUSE_SCHEMA } from '../../protocols/warehouse/schema.js';
import type { Connection, StoreMedium } from '../engine/connections.js';

export interface CaseFiles {
  folder: string;
  orchestrator: string;
  warehouse: string;
  history: string;
}

export function caseFiles(folder: string): CaseFiles {
  return {
    folder,
    orchestrator: join(folder, 'orchestrator.db'),
    warehouse: join(folder, 'warehouse.db'),
    history: join(folder, 'history.jsonl'),
  };
}

/**
 * Creates the two independent stores of one case, fresh. Refuses a store
 * that already exists: a run never reuses or overwrites one.
 */
export function createFreshStores(medium: StoreMedium, files: CaseFiles, localSchema: string): void {
  if (medium.kind === 'file') mkdirSync(files.folder, { recursive: true });
  medium.create(files.orchestrator, localSchema);
  medium.create(files.warehouse, WAREHOUSE_SCHEMA);
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
