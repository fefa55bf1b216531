import { AssertionError } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectTableRow } from '../../api/vitest.js';
import { effectsFor } from '../../testing/effects-file.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { toolIntention } from '../../../protocols/receivers/tool-calls.js';

const folder = tempFolder('openai-agents-vitest');
const MY_AGENTS = join(import.meta.dirname, 'fixtures', 'my-agents.ts');
const CANCELLATION = toolIntention('cancel_subscription', { subscription: '7' });

describe("a user's agents module from their vitest suite, through cutpoint/vitest, no family named", () => {
  it('expectTableRow finds the family from the module (it exports its agent) and fails on N=1, keeping the effects files that hold the second cancellation', async () => {
    const out = join(folder, 'fails');
    const failure = await expectTableRow(MY_AGENTS, [1, 1, 1, 1], { out }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AssertionError);
    expect((failure as Error).message).toMatch(
      /^table row of my-agents: expected \[1, 1, 1, 1\], measured \[1, 2, 2, 1\] \(cuts: approval-decided, effect-applied, state-save, state-saved\)/,
    );
    const [run] = readdirSync(out);
    const cancellations = [0, 1, 2, 3].map((cut) =>
      effectsFor(join(out, run ?? '', 'my-agents', `cut-${cut}`, 'effects.db'), CANCELLATION),
    );
    expect(cancellations).toEqual([1, 2, 2, 1]);
  }, 240_000);

  it('holds the row it measures, and leaves no run folder', async () => {
    const out = join(folder, 'holds');
    await expectTableRow(MY_AGENTS, [1, 2, 2, 1], { out });
    expect(readdirSync(folder)).not.toContain('holds');
  }, 240_000);

  it('a family named is taken as given, over the one the module implies', async () => {
    await expect(expectTableRow(MY_AGENTS, [1, 2, 2, 1], { family: 'reservation' })).rejects.toThrow(
      'expectTableRow: row has 4 numbers; the reservation family has 5 classic cuts',
    );
  });
});
