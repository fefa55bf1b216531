import { createHash } from 'node:crypto';
import { atomicReceipt } from '../../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from '../correct-seams.js';
import { planHash } from '../plan.js';
import { planLoop } from '../plan-loop.js';

/**
 * A loop that derives each write's key from the plan itself: the plan's hash,
 * the step, the file and a digest of the content written. Nothing in it
 * changes between attempts, lives or runs of the same plan, so every resend
 * of a write is replayed by the keyed tool: N=1 at every cut. (A new run of
 * the same plan, after a torn checkpoint, replays too, where the seed's
 * run-scoped key writes again.)
 *
 *   npx sim table --family plan --protocol protocols/plan/examples/key-from-plan-content.ts
 */
export default planLoop({
  name: 'key-from-plan-content',
  summary: "keys each write by the plan's hash, step, file and content digest",
  toolContract: atomicReceipt,
  seams: {
    ...CORRECT_SEAMS,
    key(request) {
      if (request.kind !== 'write' || !request.file) return CORRECT_SEAMS.key(request);
      const digest = createHash('sha256').update(request.file.content).digest('hex').slice(0, 16);
      return `${planHash(request.ctx.plan)}:${request.step.id}:${request.file.path}:${digest}`;
    },
  },
});
