import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WAREHOUSE_SCHEMA } from '../../protocols/warehouse/schema.js';
import { openSqlite } from '../engine/connections.js';

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
 * Creates the two independent SQLite files of one case, fresh. Refuses a
 * folder that already holds them: a run never reuses or overwrites a store.
 */
export function createFreshStores(files: CaseFiles, localSchema: string): void {
  mkdirSync(files.folder, { recursive: true });
  for (const path of [files.orchestrator, files.warehouse]) {
    if (existsSync(path)) throw new Error(`refusing to reuse an existing store: ${path}`);
  }
  for (const [path, schema] of [
    [files.orchestrator, localSchema],
    [files.warehouse, WAREHOUSE_SCHEMA],
  ] as const) {
    const db = openSqlite(path);
    try {
      db.exec(schema);
    } finally {
      db.close();
    }
  }
}
