import { atomicReceipt } from '../../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from '../correct-seams.js';
import { planLoop } from '../plan-loop.js';

/**
 * A loop that keys each write by its attempt: a key of your own through the
 * `key` seam, and a flawed one to learn from. The step's attempt count is on
 * disk, so a step redone after a crash (or after a failing gate) is a new
 * attempt, its write a new key, and the keyed tool writes again: N=2 at every
 * cut between the write applied and the checkpoint committed.
 *
 *   npx sim table --family plan --protocol protocols/plan/examples/key-per-attempt.ts
 */
export default planLoop({
  name: 'key-per-attempt',
  summary: 'keys each write by run, step, file and attempt: a redone step writes again',
  toolContract: atomicReceipt,
  seams: {
    ...CORRECT_SEAMS,
    key: (request) =>
      request.kind === 'write'
        ? `${request.checkpoint.run_id}:${request.step.id}:${request.file?.path}:attempt-${request.attempt}`
        : CORRECT_SEAMS.key(request),
  },
});
