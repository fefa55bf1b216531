import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import { createScratch, defaultScratchParent } from '../../sim/process/scratch.js';
import { runCase, type CaseResult } from '../../sim/engine/run-case.js';
import { runKillCase, type KillCaseResult } from '../../sim/process/kill-case.js';
import { planFamily } from '../../sim/families/plan/plan-family.js';
import { EXPECTED_PLAN_TABLE } from './expected-table.js';

/**
 * Kill mode for the plan family: each life in a child process, SIGKILLed at
 * the cut. The workload is the table's, the seed's plan, and the child arms
 * the family's own crash point, as in-process does: the cut's first hit
 * during the edit step.
 */
const intention = 'edit:client/src/catalog/Filters.tsx';
const PROTOCOLS = ['checkpoint-after-step', 'tool-without-key', 'checkpoint-in-place'];
const scratch = createScratch(defaultScratchParent());
const cells: { protocol: string; cut: string; inProcess: CaseResult; kill: KillCaseResult; folder: string }[] = [];

beforeAll(async () => {
  for (const name of PROTOCOLS) {
    const protocol = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === name)?.protocol;
    if (!protocol) throw new Error(`no plan protocol ${name}`);
    for (const [index, cut] of planFamily.cuts.entries()) {
      const base = { family: planFamily as never, protocol, cut: { index, name: cut.name } };
      const folder = join(scratch.path, 'kill', name, cut.name);
      const inProcess = await runCase({ ...base, folder: join(scratch.path, 'in-process', name, cut.name) });
      const kill = await runKillCase({ ...base, folder }, { lifeTimeoutMs: 20_000 });
      cells.push({ protocol: name, cut: cut.name, inProcess, kill, folder });
    }
  }
}, 300_000);
afterAll(() => scratch.remove());

describe('plan family: kill mode agrees with in-process, cell by cell', () => {
  for (const name of PROTOCOLS) {
    planFamily.cuts.forEach((cut, column) => {
      it(`${name}: SIGKILL at ${cut.name} leaves ${EXPECTED_PLAN_TABLE[name]?.[column]} write(s), as in-process`, () => {
        const cell = cells.find((candidate) => candidate.protocol === name && candidate.cut === cut.name);
        expect(cell).toBeDefined();
        if (!cell) return;
        expect(cell.kill.error).toBeUndefined();
        expect(cell.kill.cutFired).toBe(true);
        // The attempt's child really died by a SIGKILL at the cut, and a later child finished the plan.
        expect(cell.kill.children[0]).toMatchObject({ life: 0, verdict: 'killed-at-cut', signal: 'SIGKILL' });
        expect(cell.kill.children.at(-1)).toMatchObject({ verdict: 'completed', code: 0 });
        expect(cell.inProcess.cutFired).toBe(true);
        expect(cell.kill.effects[intention]).toBe(EXPECTED_PLAN_TABLE[name]?.[column]);
        expect(cell.kill.effects[intention]).toBe(cell.inProcess.effects[intention]);
        expect(cell.kill.metrics['calls']).toBe(cell.inProcess.metrics['calls']);
      });
    });
  }

  it('the kill at checkpoint-written really splits the rename: the temporary file stays behind, and recovery ignores it', () => {
    const cell = cells.find((candidate) => candidate.protocol === 'checkpoint-after-step' && candidate.cut === 'checkpoint-written');
    expect(cell).toBeDefined();
    if (!cell) return;
    // The recovery's child found the killed writer's temporary file beside a whole, readable checkpoint.
    const recovery = readFileSync(cell.kill.files.history, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"op":"checkpoint-at-start"') && line.includes('"life":1'))
      .map((line) => JSON.parse(line) as { value: { readable: boolean; leftovers: string[] } });
    expect(recovery).toEqual([
      expect.objectContaining({ value: expect.objectContaining({ readable: true, leftovers: ['checkpoint.json.loop-1.tmp'] }) }),
    ]);
    // Its next write replaced it: nothing is left behind once the plan is done.
    expect(readdirSync(cell.folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(join(cell.folder, 'checkpoint.json'))).toBe(true);
    expect(cell.kill.effects[intention]).toBe(1);
    expect(cell.kill.metrics['completed']).toBe(1);
  });
});
