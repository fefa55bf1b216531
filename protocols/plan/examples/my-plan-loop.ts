import { atomicReceipt } from '../../receivers/atomic-receipt.js';
import { CORRECT_SEAMS } from '../correct-seams.js';
import { planLoop } from '../plan-loop.js';
import { RESULTS_GATE, resultsGatePasses } from '../../../sim/families/plan/gates.js';

/**
 * Your own plan loop, to copy: the seed's loop with two seams of your own.
 * The checkpoint is the SQLite row behind a lease (safe for two processes),
 * and a search step must find at least two results, not one. Run it with
 *
 *   npx sim table --family plan --protocol protocols/plan/examples/my-plan-loop.ts --plan my-plan.json
 *
 * `toolContract` is the tool server's contract: atomicReceipt honours the
 * idempotency key; a module may also name it ('atomic-receipt', 'no-receipt').
 */
export default planLoop({
  name: 'my-plan-loop',
  summary: 'the seed loop with a SQLite checkpoint and a stricter search gate',
  toolContract: atomicReceipt,
  seams: {
    ...CORRECT_SEAMS,
    store: (ctx) => ctx.checkpoints.sqliteLease(),
    async gate(check) {
      if (RESULTS_GATE.test(check.step.gate)) {
        const results = (check.output as { results?: unknown } | undefined)?.results;
        return resultsGatePasses(check.output) && typeof results === 'number' && results >= 2;
      }
      return CORRECT_SEAMS.gate(check);
    },
  },
});
