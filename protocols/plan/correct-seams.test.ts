import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../receivers/types.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import type { CallResult, GateCheck } from './seams.js';
import { SEED_PLAN } from './seed-plan.js';
import type { PlanContext } from './types.js';

/**
 * The correct loop's command gate, given tool server answers no simulated
 * tool gives (a null output, a `passed` that is not the boolean true): what
 * it decides is all there is to see, so it is asked directly. Each answer
 * comes through `runCommand`, as the loop's counted call would bring it.
 */
const BUILD_STEP = SEED_PLAN.steps[1] as GateCheck['step'];

async function gateGiven(result: CallResult): Promise<boolean | string> {
  const commands: string[] = [];
  const verdict = await CORRECT_SEAMS.gate({
    // A command gate reads nothing of the context: it only runs its command.
    ctx: {} as PlanContext,
    step: BUILD_STEP,
    output: undefined,
    runCommand: async (command) => {
      commands.push(command);
      return result;
    },
  });
  expect(commands).toEqual(['npm run build']);
  return verdict;
}

const ok = (output: JsonValue): CallResult => ({
  reply: { status: 'ok', output, replayed: false, durationMs: 50 },
});

describe('the command gate of the correct loop', () => {
  it('passes only an answer whose passed is the boolean true', async () => {
    expect(await gateGiven(ok({ passed: true, output: 'npm run build: ok' }))).toBe(true);
    expect(await gateGiven(ok({ passed: 'true' }))).toBe(false);
    expect(await gateGiven(ok({ passed: false }))).toBe(false);
  });

  it('fails an answer with no object in it, null included, instead of reading a field of it', async () => {
    expect(await gateGiven(ok(null))).toBe(false);
    expect(await gateGiven(ok('passed'))).toBe(false);
    expect(await gateGiven({ reply: { status: 'timeout', durationMs: 30_000 } })).toBe(false);
  });

  it('hands a stop of the counted call (the budget) back to the loop', async () => {
    expect(await gateGiven({ stop: 'budget-exhausted' })).toBe('budget-exhausted');
  });
});
