import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPH } from '../graph.js';
import { tempFolder } from '../../../testing/temp-folder.js';
import { evaluate } from './evaluate.js';
import type { EvalScenario } from './suite.js';

const scratch = tempFolder('slow-policy');
const SLOW = join(import.meta.dirname, '../../../testing/fixtures/policy-slow.mjs');

const SCENARIOS: EvalScenario[] = [
  { id: 'asks-at-once', turns: ['Can I talk to a nurse?'], expected: { handover: true, target: 'human_nurse', byTurn: 1 } },
  { id: 'provider-drops-a-call', turns: ['hello', 'WAITS_FOR_EVER where is the clinic'], expected: { handover: false } },
  { id: 'chats', turns: ['hello', 'what are your hours', 'thanks'], expected: { handover: false } },
];

describe('sim eval on a policy whose calls take wall time', () => {
  it('a call that never settles is a model timeout after the call timeout: that scenario is an error naming it, the others are judged', async () => {
    const { results, metrics } = await evaluate(
      { scenarios: SCENARIOS },
      { policy: { kind: 'module', path: SLOW, callTimeoutMs: 400 }, graph: DEFAULT_GRAPH },
      scratch,
    );
    const byId = Object.fromEntries(results.map((result) => [result.id, result]));
    expect(byId['provider-drops-a-call']?.verdict).toBe('error');
    expect(byId['provider-drops-a-call']?.run.error).toBe(
      "the policy did not decide: the harness handed over (model_unavailable: policy 'slow' did not answer within 400 ms of wall time (--model-timeout-ms))",
    );
    // Each of these calls took about 150 ms, well within the timeout: answered, and judged on what the policy did.
    expect(byId['asks-at-once']?.verdict).toBe('correct');
    expect(byId['chats']).toMatchObject({ verdict: 'correct-no-handover', run: { handoverTurn: null } });
    expect(byId['chats']?.run.error).toBeUndefined();
    expect(metrics).toMatchObject({ scenarios: 3, errors: 1 });
  }, 30_000);
});
