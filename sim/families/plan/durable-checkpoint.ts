import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointRead } from '../../../protocols/plan/types.js';
import type { CaseFiles, StoreReader } from '../../engine/family.js';
import { parseCheckpoint } from './checkpoint-schema.js';

/** The case's JSON checkpoint file: in the case folder, beside the stores. */
export function checkpointFile(spec: { files: CaseFiles }): string {
  return join(spec.files.folder, 'checkpoint.json');
}

/** The checkpoint that is durable now: the JSON file when the protocol keeps one, else the orchestrator's row. */
export function durableCheckpoint(stores: StoreReader, spec: { files: CaseFiles }): CheckpointRead {
  const file = checkpointFile(spec);
  if (existsSync(file)) return parseCheckpoint(readFileSync(file, 'utf8'));
  const row = stores('orchestrator', (db) => db.prepare('SELECT body FROM checkpoint WHERE id = 1').get() as { body: string } | undefined);
  return row ? parseCheckpoint(row.body) : { kind: 'none' };
}
