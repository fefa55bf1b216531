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
