import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durabilityRows, durabilityTable } from './durability.js';

/** `npx tsx scenarios/langgraph/print-durability.ts`: the durability table of docs/analyses/langgraph.md, measured. */
const folder = mkdtempSync(join(tmpdir(), 'cutpoint-durability-'));
try {
  console.log(durabilityTable(await durabilityRows(folder)));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
