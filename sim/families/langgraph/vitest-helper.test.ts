import { AssertionError } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectTableRow } from '../../api/vitest.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { effectsFor, REFUND_INTENTION, refundModule, userProject } from './testing/user-project.js';

const folder = tempFolder('langgraph-vitest');
const project = userProject(join(folder, 'project'), { 'refund-graph.ts': refundModule() });
const MODULE = join(project, 'refund-graph.ts');

describe("a user's graph module from their vitest suite, through cutpoint/vitest", () => {
  it('expectTableRow finds the family from the module (it exports its graph) and holds the row it measures: two refunds until the writes are saved, one after', async () => {
    await expectTableRow(MODULE, [2, 2, 1], { out: join(folder, 'holds') });
  }, 240_000);

  it('expectTableRow, its family named, fails on the row a repair would give, keeping the run whose effects files hold the duplicates', async () => {
    const out = join(folder, 'fails');
    const failure = await expectTableRow(MODULE, [1, 1, 1], { family: 'langgraph', out }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AssertionError);
    expect((failure as Error).message).toMatch(/^table row of refund-graph: expected \[1, 1, 1\], measured \[2, 2, 1\]/);
    const [run] = readdirSync(out);
    const refunds = [0, 1, 2].map((cut) => effectsFor(join(out, run ?? '', 'refund-graph', `cut-${cut}`, 'effects.db'), REFUND_INTENTION));
    expect(refunds).toEqual([2, 2, 1]);
  }, 240_000);
});
