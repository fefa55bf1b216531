/**
 * The thread in which a user's protocol module is imported once before sim's
 * own process imports it (sim/process/trial-load.ts): whatever its top level does
 * (loops, exits, waits forever) happens here, where a watchdog can see it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TrialMessage } from './trial-load.js';
import { importModule } from '../engine/protocol-file.js';
import { claimingFamilies } from '../families/index.js';

const { path } = workerData as { path: string };
try {
  const exports = await importModule(path);
  parentPort?.postMessage({ loaded: true, claimants: claimingFamilies(exports) } satisfies TrialMessage);
} catch {
  // The import's own error is told by the import in sim's process, in the words it always used.
  parentPort?.postMessage({ loaded: false } satisfies TrialMessage);
}
