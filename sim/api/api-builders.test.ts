import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTable } from '../../entry/index.js';
import { tempFolder } from '../testing/temp-folder.js';

// A user outside this repository builds a plan loop or a harness from what `cutpoint` exports, never from its folders.
const out = tempFolder('api-builders');
const entry = JSON.stringify(join(process.cwd(), 'entry', 'index.ts'));

function module(name: string, text: string): string {
  const file = join(out, name);
  writeFileSync(file, text);
  return file;
}

describe("the builders a protocol of one's own needs are exported from 'cutpoint'", () => {
  it('planLoop with CORRECT_SEAMS and a named tool contract: keyed gives N=1 at every cut, no-receipt a duplicate', async () => {
    const keyed = module(
      'keyed.mts',
      `import { planLoop, CORRECT_SEAMS } from ${entry};\nexport default planLoop({ name: 'api-keyed', summary: 'keyed', toolContract: 'atomic-receipt', seams: { ...CORRECT_SEAMS } });\n`,
    );
    const unkeyed = module(
      'unkeyed.mts',
      `import { planLoop, CORRECT_SEAMS } from ${entry};\nexport default planLoop({ name: 'api-unkeyed', summary: 'no key', toolContract: 'no-receipt', seams: { ...CORRECT_SEAMS } });\n`,
    );
    const results = await runTable({ protocols: [keyed, unkeyed], family: 'plan', out });
    const row = (name: string) => results.cells.filter((c) => c.protocol === name).map((c) => c.effects);
    expect(row('api-keyed')).toEqual([1, 1, 1, 1, 1, 1]);
    expect(row('api-unkeyed')).toContain(2);
    // Two plan tables of user modules (each life a fresh instance): 12 s in CI, near the 30 s default on a loaded machine.
  }, 120_000);

  it("a plan loop's own key and its own step mark, from 'cutpoint' alone: the key seam, commitStepDone and the Checkpoint type", async () => {
    const ownKey = module(
      'own-key.mts',
      `import { planLoop, CORRECT_SEAMS, type KeyRequest } from ${entry};
const key = (request: KeyRequest): string =>
  request.kind === 'write' ? \`\${request.checkpoint.run_id}:\${request.step.id}:\${request.file?.path}:try-\${request.attempt}\` : CORRECT_SEAMS.key(request);
export default planLoop({ name: 'api-own-key', summary: 'key per attempt', toolContract: 'atomic-receipt', seams: { ...CORRECT_SEAMS, key } });
`,
    );
    const markFirst = module(
      'mark-first.mts',
      `import { planLoop, CORRECT_SEAMS, commitStepDone, type Checkpoint } from ${entry};
export default planLoop({ name: 'api-mark-first', summary: 'marks first', toolContract: 'atomic-receipt', seams: { ...CORRECT_SEAMS,
  beforeTool: async (ctx, store, checkpoint, seams): Promise<Checkpoint> => ({ ...(await commitStepDone(ctx, store, checkpoint, seams)), current_step: checkpoint.current_step, status: 'running' }) } });
`,
    );
    const results = await runTable({ protocols: [ownKey, markFirst], family: 'plan', out, measureOnly: true });
    const row = (name: string) => results.cells.filter((c) => c.protocol === name).map((c) => c.effects);
    // The user's key is the one sent: a redone step is a new attempt, a new key, a second write.
    expect(row('api-own-key')).toEqual([1, 2, 2, 2, 2, 1]);
    // The user's early mark: a crash once it committed leaves the edit never written.
    expect(row('api-mark-first')).toEqual([1, 1, 1, 1, 1, 0]);
  }, 120_000);

  it('planLoop with a tool contract name that is none: one sentence naming the valid ones, before anything runs', async () => {
    const unknown = module(
      'unknown.mts',
      `import { planLoop, CORRECT_SEAMS } from ${entry};\nexport default planLoop({ name: 'api-unknown', summary: 'typo', toolContract: 'atomic-reciept', seams: { ...CORRECT_SEAMS } });\n`,
    );
    await expect(runTable({ protocols: [unknown], family: 'plan', out })).rejects.toThrow(
      /planLoop: no tool contract 'atomic-reciept'; one of atomic-receipt, no-receipt$/,
    );
  });

  it('harnessProtocol with a named contract: a ticket queue without receipts duplicates at ticket-enqueued', async () => {
    const harness = module(
      'harness.mts',
      `import { harnessProtocol } from ${entry};\nexport default harnessProtocol({ name: 'api-harness', summary: 'no key', contracts: { 'human-queue': 'no-receipt' } });\n`,
    );
    const results = await runTable({ protocols: [harness], family: 'handover', out });
    expect(results.cells.map((c) => c.effects)).toEqual([1, 1, 2, 1, 1]);
  });
});
