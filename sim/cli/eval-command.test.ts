import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUITE_TEXT } from '../../scenarios/handover/eval/default-suite.js';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const root = tempFolder('eval-command');
const folder = () => mkdtempSync(join(root, 'case-'));
const line = (value: unknown) => JSON.stringify(value);
const ASKS = { id: 'asks', turns: ['I want to speak to a human please'], expected: { handover: true, target: 'human_nurse', byTurn: 1 } };
/** Indirect: the keyword policy does not see a request for a person in it. */
const INDIRECT = { id: 'indirect', turns: ['Is there anyone at the clinic I could ask this directly?'], expected: { handover: true } };

describe('sim eval handover', () => {
  it('the default suite: the measured misses and the unnecessary handover are within its thresholds, exit 0', async () => {
    const { code, stdout } = await runCli(['eval', 'handover', '--format', 'json'], folder());
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      metrics: Record<string, unknown>;
      results: { id: string; verdict: string; handoverTurn: number | null }[];
    };
    expect(report.metrics).toMatchObject({ scenarios: 11, missed: 2, unnecessary: 1, wrongTarget: 0, late: 0, contextQuality: 1 });
    const verdict = Object.fromEntries(report.results.map((result) => [result.id, result.verdict]));
    expect(verdict['asks-indirectly-anyone-at-clinic']).toBe('missed');
    expect(verdict['mentions-nurse-without-needing-one']).toBe('unnecessary');
    expect(verdict['angry-opening-hours']).toBe('correct-no-handover');
    expect(report.results.find((result) => result.id === 'leaves-scope-midway')?.handoverTurn).toBe(2);
  }, 120_000);

  it('a suite with a planted miss breaks missedMax 0: exit 1, the miss named; --report writes table, results and chart', async () => {
    const cwd = folder();
    writeFileSync(join(cwd, 'suite.jsonl'), [line(ASKS), line(INDIRECT), line({ thresholds: { missedMax: 0 } })].join('\n') + '\n');
    const { code, stdout } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--report', '--out', 'runs'], cwd);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^indirect\s+missed\s+no handover$/m);
    expect(stdout).toContain('thresholds broken: missed 1 > 0');
    const [run] = readdirSync(join(cwd, 'runs'));
    const files = join(cwd, 'runs', run!);
    expect(readFileSync(join(files, 'report.md'), 'utf8')).toContain('| should hand over | 1 | 1 (missed) |');
    expect(JSON.parse(readFileSync(join(files, 'eval.json'), 'utf8')).metrics.missed).toBe(1);
    expect(readFileSync(join(files, 'verdicts.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('a late handover fails even though it happened: the user asked at turn 1, the person came at turn 2', async () => {
    const cwd = folder();
    const late = { id: 'late', turns: ['hello', 'I want to talk to a person'], expected: { handover: true, byTurn: 1 } };
    writeFileSync(join(cwd, 'suite.jsonl'), line(late) + '\n' + line({ thresholds: { lateMax: 0 } }) + '\n');
    const { code, stdout } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl'], cwd);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^late\s+late\s+turn 2 to human_nurse/m);
  }, 120_000);

  it.each([
    ['not JSON', '{"id": "a",', 'line 2: not JSON'],
    [
      'a scenario without turns',
      line({ id: 'b', expected: { handover: true } }),
      "line 2: the scenario must have required property 'turns'",
    ],
    [
      'a byTurn past the last turn',
      line({ ...ASKS, id: 'c', expected: { handover: true, byTurn: 3 } }),
      'line 2: /expected/byTurn is 3, past the last of 1 turns',
    ],
    ['a duplicate id', line(ASKS), "line 2: scenario id 'asks' appears twice"],
    ['a bad threshold', line({ thresholds: { missedMax: -1 } }), 'line 2: /thresholds/missedMax must be >= 0'],
  ])(
    'a malformed suite (%s) is exit 2 with the line and the problem on one line',
    async (_case, bad, message) => {
      const cwd = folder();
      writeFileSync(join(cwd, 'suite.jsonl'), `${line(ASKS)}\n${bad}\n`);
      const { code, stdout, stderr } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--report'], cwd);
      expect(code).toBe(2);
      expect(stderr).toBe(`sim: suite suite.jsonl ${message}\n`);
      expect(stdout).toBe('');
      expect(existsSync(join(cwd, 'runs'))).toBe(false);
    },
    120_000,
  );

  it('a policy that always throws: the harness falls back to a person, which eval counts as an error, not as a caught handover', async () => {
    const cwd = folder();
    const policy = join(import.meta.dirname, '../testing/fixtures/policy-always-throws.mjs');
    writeFileSync(join(cwd, 'suite.jsonl'), [line(INDIRECT), line({ thresholds: { missedMax: 0 } })].join('\n') + '\n');
    const { code, stdout } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--policy', policy], cwd);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^indirect\s+error\s+turn 1 to human_nurse \(model_unavailable\); error: the policy did not decide/m);
    expect(stdout).toContain('thresholds broken: 1 scenario(s) ended in an error');
    expect(stdout).toContain('| should hand over | 0 | 0 (missed) |');
  }, 120_000);

  it('--add-miss appends a confirmed miss through a rename, and refuses what the policy gets right', async () => {
    const cwd = folder();
    writeFileSync(join(cwd, 'suite.jsonl'), line(ASKS) + '\n');
    writeFileSync(join(cwd, 'miss.json'), line(INDIRECT));
    const added = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--add-miss', 'miss.json'], cwd);
    expect(added.stdout).toContain('added indirect to');
    expect(added.code).toBe(0);
    expect(readFileSync(join(cwd, 'suite.jsonl'), 'utf8')).toBe(`${line(ASKS)}\n${line(INDIRECT)}\n`);
    writeFileSync(join(cwd, 'fine.json'), line({ ...ASKS, id: 'asks-again' }));
    const refused = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--add-miss', 'fine.json'], cwd);
    expect(refused.stdout).toContain('not added: asks-again is not a miss (correct) for this policy');
    expect(readFileSync(join(cwd, 'suite.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    expect(readdirSync(cwd).sort()).toEqual(['fine.json', 'miss.json', 'suite.jsonl']);
  }, 120_000);

  it('the built-in suite is valid JSON Lines with a thresholds line', () => {
    expect(DEFAULT_SUITE_TEXT.trim().split('\n').at(-1)).toMatch(/^\{"thresholds":/);
  });
});
