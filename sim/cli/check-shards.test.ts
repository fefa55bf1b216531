import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unionOfShards } from '../check/union-of-shards.js';
import type { CheckResults, StoredProperty } from '../results/check-results.js';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from './testing/run-cli.js';
import { shellWords } from '../testing/shell-words.js';
import { parseStrictXml } from '../testing/strict-xml.js';
import { RARE, writeRareFlaw } from '../testing/rare-flaw.js';
import { tempFolder } from '../testing/temp-folder.js';

const REPO = resolve(import.meta.dirname, '../..');
const cwd = tempFolder('check-shards');
/** Two checks: one that holds beside a negative control (built-ins), one on the rare flaw. 300 runs: three chunks each. */
const SUBJECTS = {
  holds: ['dedup-safety', 'control-no-dedup', '--runs', '300', '--seed', '1', '--store', 'memory'],
  rare: ['dedup-safety', '--protocol', RARE, '--runs', '300', '--seed', '1', '--store', 'memory'],
} as const;

type Checked = { code: number; document: CheckResults; text: string };
/** Each check runs once: a later test that needs the same one (a shard's replay line) reads its document. */
const checked = new Map<string, Promise<Checked>>();

function check(argv: readonly string[], more: readonly string[]): Promise<Checked> {
  const key = JSON.stringify([...argv, ...more]);
  const run = checked.get(key) ?? runCheck(argv, more);
  checked.set(key, run);
  return run;
}

async function runCheck(argv: readonly string[], more: readonly string[]): Promise<Checked> {
  const run = await runCli(['check', ...argv, ...more, '--format', 'json', '--out', 'runs'], cwd);
  const document = JSON.parse(run.stdout) as CheckResults;
  expect(document.kind, run.stderr).toBe('check');
  return { code: run.code, document, text: run.stderr };
}

/** Every field of a verdict, without what differs between two equal runs (time, speed, the folder a run was kept in). */
function verdicts(document: CheckResults): unknown {
  const plain = (property: StoredProperty) => ({
    ...property,
    timeMs: undefined,
    runsPerSecond: undefined,
    replay: property.replay?.command,
    chunks: property.chunks?.map((chunk) => ({ ...chunk, timeMs: undefined })),
  });
  const properties = [...document.properties].sort((a, b) => a.name.localeCompare(b.name)).map(plain);
  return { seed: document.seed, runs: document.runs, verdict: document.verdict, properties };
}

const whole: Partial<Record<keyof typeof SUBJECTS, Checked>> = {};

// Each test runs several whole checks (a protocol file's through the watched child): minutes under a loaded machine.
describe('sim check --shard i/n and --jobs N', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    writeRareFlaw(cwd);
    whole.holds = await check(SUBJECTS.holds, ['--jobs', '1']);
    whole.rare = await check(SUBJECTS.rare, ['--jobs', '1']);
  }, 240_000);

  it('unsharded: the rare flaw is missed by the first chunk and caught by the second; the others hold and find', () => {
    const [safety, control] = whole.holds!.document.properties;
    expect(whole.holds!.code).toBe(0);
    expect(safety).toMatchObject({ name: 'dedup-safety', outcome: 'held', runs: 300 });
    // The faults really fired: crashes (also of recovery) and lost replies, read from the runs' tally.
    expect(safety!.tally.crashes).toBeGreaterThan(50);
    expect(safety!.tally.droppedReplies).toBeGreaterThan(20);
    expect(control).toMatchObject({ name: 'control-no-dedup', outcome: 'found' });
    const rare = whole.rare!.document.properties[0]!;
    expect(whole.rare!.code).toBe(1);
    expect(rare.outcome).toBe('failed');
    expect(rare.chunks!.map((chunk) => [chunk.index, chunk.failed])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(rare.runs).toBe(100 + rare.chunks![1]!.runs);
    expect(rare.counterexample!.violation?.kind).toBe('duplicate');
  });

  it.each([2, 3])('the union of %i shards is the unsharded run, verdict for verdict', async (count) => {
    for (const subject of ['holds', 'rare'] as const) {
      const shards = [];
      for (let index = 1; index <= count; index++)
        shards.push(await check(SUBJECTS[subject], ['--shard', `${index}/${count}`, '--jobs', '1']));
      expect(shards.map((shard) => shard.document.shard)).toEqual(shards.map((_, i) => ({ index: i + 1, count })));
      // Each shard ran a part: the chunks add up to the whole's, and the shards' exit codes are their own verdicts.
      for (const shard of shards) expect(shard.code).toBe(shard.document.verdict === 'pass' ? 0 : 1);
      expect(verdicts(unionOfShards(shards.map((shard) => shard.document)))).toEqual(verdicts(whole[subject]!.document));
      if (subject === 'rare') {
        // The shard holding only chunk 0 passed: the failure really is in another shard's part.
        expect(shards[0]!.document.verdict).toBe(count === 3 ? 'pass' : 'fail');
        expect(shards[1]!.document.verdict).toBe('fail');
      }
    }
  });

  it("a shard's counterexample replays from its printed line alone, without --shard: N=2 in warehouse.db", async () => {
    const shard = await check(SUBJECTS.rare, ['--shard', '2/3', '--jobs', '1']);
    const command = shard.document.properties[0]!.replay!.command;
    expect(command).toBe(whole.rare!.document.properties[0]!.replay!.command);
    expect(command).not.toContain('--shard');
    const [, , ...words] = shellWords(command);
    const replay = await runCli([...words, '--format', 'json'], cwd);
    expect(replay.code).toBe(1);
    const replayed = JSON.parse(replay.stdout) as { violation: { kind: string; intention: string }; kept: string };
    expect(replayed.violation.kind).toBe('duplicate');
    const rows = reservationRows(join(cwd, replayed.kept, 'warehouse.db')).filter((row) => row.tenant === 'tenantB');
    expect(rows.filter((row) => row.intention_id === 'tenantB:k3')).toHaveLength(2);
  });

  it('--jobs 2 gives the same verdicts and counterexamples as --jobs 1, with this process and a worker process', async () => {
    for (const subject of ['holds', 'rare'] as const) {
      const pooled = await check(SUBJECTS[subject], ['--jobs', '2']);
      expect(pooled.text).toMatch(/runs\/s with 2 jobs\./);
      expect(verdicts(pooled.document)).toEqual(verdicts(whole[subject]!.document));
    }
  });

  it("--format junit: one document per shard, holding that shard's properties", async () => {
    const run = await runCli(['check', ...SUBJECTS.holds, '--shard', '2/2', '--format', 'junit', '--out', 'runs'], cwd);
    const xml = parseStrictXml(run.stdout);
    const cases = JSON.stringify(xml);
    expect(run.code).toBe(0);
    // Units: dedup-safety's chunks 0, 1, 2, then the control whole: shard 2 of 2 has chunk 1 and the control.
    expect(cases).toContain('held: 100 runs');
    expect(cases).toContain('control-no-dedup');
  });

  it('a shard with no chunk (more shards than units) passes with no properties', async () => {
    const empty = await check(['dedup-safety', '--runs', '100', '--seed', '1', '--store', 'memory'], ['--shard', '2/2']);
    expect(empty.code).toBe(0);
    expect(empty.document).toMatchObject({ shard: { index: 2, count: 2 }, properties: [], verdict: 'pass' });
    expect(empty.text).toContain('shard 2/2: 0 of the 1 chunks');
  });

  it('a protocol file that loops (three chunks, the watched child and a worker process) is stopped by the watchdog, exit 1', async () => {
    const loops = join(REPO, 'fixtures/misbehaving/loops.ts');
    const argv = ['check', 'dedup-safety', '--protocol', loops, '--runs', '300', '--seed', '1', '--jobs', '2', '--life-timeout-ms', '3000'];
    const run = await runCli(argv, cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/protocol loops: a life did not end within 3000 ms in run \d+ of dedup-safety, life \d+/);
  });

  it('refuses --shard and --jobs with --path, and --shard with --report, in one line', async () => {
    for (const [argv, says] of [
      [['dedup-safety', '--seed', '1', '--path', '1:2', '--shard', '1/2'], /--path replays one run: it takes neither --shard nor --jobs/],
      [['dedup-safety', '--seed', '1', '--path', '1:2', '--jobs', '2'], /--path replays one run/],
      [['--shard', '1/2'], /--shard needs --seed: every shard must cut its chunks from the same printed seed/],
      [['--report', '--seed', '1', '--shard', '1/2'], /--report measures the sweeps of the whole family: not with --shard/],
      [['--shard', '3/2'], /a shard i\/n needs 1 ≤ i ≤ n ≤ 1000/],
    ] as const) {
      const run = await runCli(['check', ...argv], cwd);
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(says);
    }
  });
});
