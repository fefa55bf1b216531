import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installConsumerProject, runUserTests, type ConsumerProject } from '../testing/consumer-project.js';

const REPO = resolve(import.meta.dirname, '../..');

/** The README's example protocol, as a user copies it: atomic receipts make its resend a replay. */
const example = readFileSync(join(REPO, 'protocols/examples/my-protocol.ts'), 'utf8').replace(
  "from '../reservation/module-shape.js'",
  "from 'cutpoint'",
);
/** The same protocol against a warehouse without receipts: every resend is a second reservation. */
const flawed = example
  .replace("name: 'my-split-confirm'", "name: 'my-no-receipt'")
  .replace("contract: 'atomic-receipt'", "contract: 'no-receipt'");

/** The line of the warehouse call in the user's file: `--cuts all` names the boundaries after it. */
const reserveLine = flawed.split('\n').findIndex((line) => line.includes('ctx.warehouse.reserve(')) + 1;

/** A plan loop of the user's own, its tool contract named as docs/reference/library.md says it may be. */
const planLoopFile = `import { planLoop, CORRECT_SEAMS } from 'cutpoint';
export default planLoop({ name: 'my-plan-loop', summary: 'the seed loop', toolContract: 'atomic-receipt', seams: { ...CORRECT_SEAMS } });
`;

/** The user's tsconfig: as strict as TypeScript goes, with the libraries' own declarations checked too. */
const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    types: ['node'],
  },
  include: ['*.ts'],
};

/** The user's own test file, written against the public API only. */
const userTest = `
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explore, runTable, installedFamilies } from 'cutpoint';
import { expectProtocolHolds, expectTableRow } from 'cutpoint/vitest';

// Paths from the project's folder, where vitest runs: import.meta.url is refused by tsc in a CommonJS project.
const correct = './my-protocol.ts';
const flawed = './my-no-receipt.ts';

// vitest's default 5 s per test is too short for a table whose cases each run in a child process, on a busy machine.
describe('my protocol', { timeout: 120_000 }, () => {
  it('correct: holds dedup-safety', async () => {
    await expectProtocolHolds(correct, { property: 'dedup-safety', runs: 40, seed: 7 });
  });
  it('correct: its table row', async () => {
    await expectTableRow(correct, [1, 1, 1, 1, 1]);
  });
  it('correct: the passing check and table row left no runs/ folder', () => {
    expect(existsSync('runs')).toBe(false);
  });
  it('correct: runTable returns results.json values', async () => {
    const results = await runTable({ protocols: [correct], expected: { 'my-split-confirm': [1, 1, 1, 1, 1] } });
    expect(results.verdict).toBe('pass');
    expect(results.cells.every((cell) => cell.case.cutFired)).toBe(true);
    expect((await installedFamilies()).map((f) => f.name)).toContain('reservation');
  });
  it('flawed: holds dedup-safety', async () => {
    await expectProtocolHolds(flawed, { property: 'dedup-safety', runs: 40, seed: 7 });
  });
  it('flawed: its table row', async () => {
    await expectTableRow(flawed, [1, 1, 1, 1, 1]);
  });
  // Inside vitest, whose Error.prepareStackTrace skips Node's source maps, boundaries were once all named after line 1 or 2.
  it('flawed: explore at every boundary names them after their source lines', async () => {
    const result = await explore({ protocol: flawed, cuts: 'all', executionsMax: 300 });
    expect(result.violations.flatMap((group) => group.singleCrashCuts)).toContain('warehouse-commit@my-no-receipt.ts:${reserveLine}');
  });
});
`;

describe('cutpoint as a dependency of a fresh CommonJS project (npm pack, npm ci --offline)', () => {
  let project: ConsumerProject;
  let result: ReturnType<typeof runUserTests>;

  beforeAll(() => {
    project = installConsumerProject(REPO);
    writeFileSync(join(project.folder, 'my-protocol.ts'), example);
    writeFileSync(join(project.folder, 'my-no-receipt.ts'), flawed);
    writeFileSync(join(project.folder, 'protocol.test.ts'), userTest);
    writeFileSync(join(project.folder, 'my-plan-loop.ts'), planLoopFile);
    writeFileSync(join(project.folder, 'tsconfig.json'), JSON.stringify(tsconfig));
    result = runUserTests(project, 240_000);
  }, 300_000);

  afterAll(() => {
    if (project) rmSync(project.folder, { recursive: true, force: true });
  });

  it('the correct protocol passes its property, its table row and runTable; explore names boundaries by source line', () => {
    const titles = [
      'correct: holds dedup-safety',
      'correct: its table row',
      'correct: the passing check and table row left no runs/ folder',
      'correct: runTable returns results.json values',
    ];
    for (const title of [...titles, 'flawed: explore at every boundary names them after their source lines'])
      expect(result(title)?.status, `${title}: ${result(title)?.failureMessages.join('\n')}`).toBe('passed');
  });

  // tsc takes 40 to 80 s on a loaded 2-core machine: the test waits as long as its spawnSync may run.
  it(
    "the user's files compile under tsc --strict against the shipped types: protocol, tests and a plan loop naming its contract",
    { timeout: 150_000 },
    () => {
      // This repository's compiler, run in the project: `cutpoint` and its types resolve from the project's node_modules.
      const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
        cwd: project.folder,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
  );

  it('the flawed protocol fails dedup-safety with its counterexample, timeline and replay line', () => {
    const failed = result('flawed: holds dedup-safety');
    expect(failed?.status).toBe('failed');
    const message = failed?.failureMessages.join('\n') ?? '';
    expect(message).toMatch(/violation: duplicate: N=2/);
    expect(message).toMatch(/replay: npx sim check dedup-safety --seed 7 --path [\d:]+ --protocol \S*my-no-receipt\.ts/);
    expect(message).toMatch(/timeline \(virtual ms, worker, event\):[\s\S]*cut effect-applied/);
  });

  it('the flawed protocol fails its table row with the measured N', () => {
    const failed = result('flawed: its table row');
    expect(failed?.status).toBe('failed');
    expect(failed?.failureMessages.join('\n')).toMatch(/expected \[1, 1, 1, 1, 1\], measured \[1, 1, 2, 2, 1\]/);
  });

  it("the replay line printed in the user's project reproduces the duplicate there", () => {
    const message = result('flawed: holds dedup-safety')?.failureMessages.join('\n') ?? '';
    const replay = /replay: npx sim (.*)/.exec(message)?.[1];
    expect(replay).toBeDefined();
    const args = (replay ?? '').split(' ').map((word) => word.replace(/^'(.*)'$/, '$1'));
    let stdout = '';
    try {
      stdout = execFileSync(join(project.folder, 'node_modules/.bin/sim'), args, {
        cwd: project.folder,
        encoding: 'utf8',
        timeout: 60_000,
      });
    } catch (error) {
      stdout = String((error as { stdout?: string }).stdout);
    }
    expect(stdout).toMatch(/violation: duplicate: N=2/);
  });
});
