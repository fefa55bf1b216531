import type { Clause } from './clause.js';
import { concurrentSameKey } from './clauses/concurrent-same-key.js';
import { distinctKeys } from './clauses/distinct-keys.js';
import { droppedReply } from './clauses/dropped-reply.js';
import { missingKey } from './clauses/missing-key.js';
import { payloadMismatch } from './clauses/payload-mismatch.js';
import { sequentialRetry } from './clauses/sequential-retry.js';
import { tenantScope } from './clauses/tenant-scope.js';

/** The probe's clauses, in the order they run and are printed. */
export const BATTERY: readonly Clause[] = [
  distinctKeys,
  sequentialRetry,
  payloadMismatch,
  concurrentSameKey,
  droppedReply,
  tenantScope,
  missingKey,
];
