import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdictLines } from '../../reports/text-table.js';
import { checkJunitCases } from '../results/check-junit.js';
import type { CheckResults } from '../results/check-results.js';
import { junitXml } from '../results/junit.js';
import { tableJunitCases } from '../results/table-junit.js';
import type { TableResults } from '../results/table-results.js';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { once } from '../testing/once.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('policy-failures');
const fixture = (name: string) => join(import.meta.dirname, '../testing/fixtures', name);
const THROWS = fixture('policy-always-throws.mjs');
const GARBAGE = fixture('policy-answers-42.mjs');
const RARELY = fixture('policy-answers-rarely.mjs');
const GOOD = resolve('protocols/handover/examples/my-policy.ts');
const GARBAGE_SAYS = "policy 'answers-42' answered 42: respond() must return { type: 'reply', text: string }";

const table = (policy: string, out: string, ...more: string[]) =>
  spawnSimAsync(['table', '--family', 'handover', '--policy', policy, '--out', out, ...more], cwd, 120_000);
const runFolderOf = (stdout: string): string => /^run folder: (\S+)$/m.exec(stdout)?.[1] ?? 'no run folder printed';
const resultsIn = (folder: string): TableResults => JSON.parse(readFileSync(join(cwd, folder, 'results.json'), 'utf8')) as TableResults;

/** The results.json a `--format json` document names. */
const resultsOfJson = (stdout: string): TableResults =>
  JSON.parse(readFileSync(join(cwd, (JSON.parse(stdout) as { resultsFile: string }).resultsFile), 'utf8')) as TableResults;

/** Each policy's table runs once: the tests that read it draw its other formats from its results.json. */
const garbageJson = once(() => table(GARBAGE, 'garbage', '--format', 'json'));
const rarelyJson = once(() => table(RARELY, 'rarely', '--format', 'json'));
/** The JUnit document `sim table --format junit` prints for these results. */
const tableJunit = (results: TableResults) => junitXml(`sim table ${results.family}`, tableJunitCases(results));

/** The outcome of every model call the harness logged in the first case, read from its orchestrator.db. */
function modelCallOutcomes(results: TableResults, runFolder: string): string[] {
  const db = new Database(join(cwd, runFolder, results.cells[0]!.case.files.stores['orchestrator']!), { readonly: true });
  try {
    return (db.prepare('SELECT outcome FROM model_calls ORDER BY id').all() as { outcome: string }[]).map((row) => row.outcome);
  } finally {
    db.close();
  }
}

describe('sim table --family handover --policy: a policy that failed on every call is not measured by the table', () => {
  it('a policy that throws on every call: exit 1, one line naming it and its first error, results.json verdict unknown', async () => {
    const run = await table(THROWS, 'throws');
    expect(run.code).toBe(1);
    const line = run.stdout.split('\n').find((text) => text.startsWith("policy 'always-throws'"));
    expect(line).toMatch(
      /^policy 'always-throws' \(.*policy-always-throws\.mjs\) failed on all \d+ of its calls \(first: the model is down: model exploded\): /,
    );
    const folder = runFolderOf(run.stdout);
    const results = resultsIn(folder);
    expect(results.verdict).toBe('unknown');
    expect(results.policy).toMatchObject({
      name: 'always-throws',
      answered: 0,
      exercised: false,
      firstError: 'the model is down: model exploded',
    });
    expect(results.policy!.modelCalls).toBeGreaterThan(0);
    const outcomes = modelCallOutcomes(results, folder);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((outcome) => outcome === 'down')).toBe(true);
  }, 180_000);

  it('a policy that answers 42: no TypeError, each call a model failure; --format json says so in its one document', async () => {
    const run = await garbageJson();
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as { verdict: string; resultsFile: string; policy: TableResults['policy'] };
    expect(document.verdict).toBe('unknown');
    expect(document.policy).toMatchObject({ name: 'answers-42', answered: 0, exercised: false });
    expect(document.policy!.firstError).toContain(GARBAGE_SAYS);
    expect(run.stderr).toMatch(
      /^sim table: policy 'answers-42' .* failed on all \d+ of its calls \(first: policy 'answers-42' answered 42: /m,
    );
    expect(run.stderr).not.toMatch(/TypeError|Cannot read properties|protocol failed/);
    const results = JSON.parse(readFileSync(join(cwd, document.resultsFile), 'utf8')) as TableResults;
    expect(results.verdict).toBe('unknown');
    expect(results.cells.every((cell) => cell.case.error === undefined)).toBe(true);
    const log = results.cells[0]!.case.localState['guardrail_log'] as { check_name: string; reason: string }[];
    expect(log.find((row) => row.check_name === 'model-down')?.reason).toContain(GARBAGE_SAYS);
  }, 180_000);

  it('--format junit: one failing test case says the policy was not exercised', async () => {
    const xml = tableJunit(resultsOfJson((await garbageJson()).stdout));
    const policyCase = /<testcase [^>]*name="policy answers-42 answered its calls"[^>]*>\s*<failure message="([^"]*)"/.exec(xml);
    expect(policyCase?.[1]).toMatch(
      /^policy &apos;answers-42&apos; .* failed on all \d+ of its calls \(first: policy &apos;answers-42&apos; answered 42: /,
    );
  }, 180_000);

  it('--crash-mode both --format json: both modes say so in the document, and the line is on stderr', async () => {
    // One cut: every case runs the whole conversation (recovery finishes it), so each asks the policy.
    const run = await table(GARBAGE, 'both', '-p', 'reference-harness', '--cut', '2', '--crash-mode', 'both', '--format', 'json');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      verdicts: Record<string, string>;
      policy: Record<'in-process' | 'kill', TableResults['policy']>;
    };
    expect(document.verdicts).toEqual({ 'in-process': 'unknown', kill: 'unknown' });
    expect(document.policy['in-process']).toMatchObject({ name: 'answers-42', answered: 0, exercised: false });
    expect(document.policy.kill).toMatchObject({ name: 'answers-42', answered: 0, exercised: false });
    expect(run.stderr).toMatch(/^sim table: policy 'answers-42' .* failed on its one call/m);
  }, 180_000);

  it('a policy that answers one call in eleven: the cases it left unanswered are unknown, the verdict unknown, answered/asked per case', async () => {
    const run = await rarelyJson();
    expect(run.code).toBe(1);
    const results = resultsOfJson(run.stdout);
    expect(results.verdict).toBe('unknown');
    const { policy } = results;
    expect(policy).toMatchObject({ name: 'answers-rarely', exercised: false });
    expect(policy!.answered).toBeGreaterThan(0);
    expect(policy!.answered).toBeLessThan(policy!.modelCalls);
    // Every cell says what it asked and what was answered; those sum to the policy's totals.
    const calls = results.cells.map((cell) => cell.policyCalls!);
    expect(calls.reduce((sum, cell) => sum + cell.asked, 0)).toBe(policy!.modelCalls);
    expect(calls.reduce((sum, cell) => sum + cell.answered, 0)).toBe(policy!.answered);
    expect(calls.some((cell) => cell.asked > 0 && cell.answered === cell.asked)).toBe(true);
    expect(policy!.unansweredCases).toBe(calls.filter((cell) => cell.answered < cell.asked).length);
    expect(policy!.unansweredCases).toBeGreaterThan(0);
    // The lines `sim table` prints under the table, drawn from these results.
    const printed = verdictLines(results).join('\n');
    expect(printed).toMatch(/^calls of policy 'answers-rarely' answered\/asked, by cut 0 1 2 3 4:$/m);
    expect(printed).toMatch(/^ {2}reference-harness +\d+\/\d+ \d+\/\d+ \d+\/\d+ \d+\/\d+ \d+\/\d+$/m);
    expect(printed).toMatch(
      new RegExp(
        `^policy 'answers-rarely' \\(.*\\) answered ${policy!.answered} of its ${policy!.modelCalls} calls \\(first: ${GARBAGE_SAYS.replace('answers-42', 'answers-rarely').replace(/[(){}[\]|.]/g, '\\$&')}.*\\): the harness fallback decided where it did not, so the ${policy!.unansweredCases} cases with an unanswered call are unknown\\.$`,
        'm',
      ),
    );
  }, 180_000);

  it('--format junit and json with a policy that answers one call in eleven: each unanswered cell fails as unknown', async () => {
    const json = await rarelyJson();
    const document = JSON.parse(json.stdout) as {
      verdict: string;
      policyCalls: Record<string, ({ asked: number; answered: number } | null)[]>;
    };
    const xml = tableJunit(resultsOfJson(json.stdout));
    const failing = [...xml.matchAll(/<testcase [^>]*name="cut \d [^"]*"[^>]*>\s*<failure message="([^"]*)"/g)].map((m) => m[1]);
    expect(failing.length).toBeGreaterThan(0);
    expect(
      failing.every((message) =>
        /^unknown: the policy answered \d+ of \d+ calls \(first: policy &apos;answers-rarely&apos; answered 42/.test(message!),
      ),
    ).toBe(true);
    expect(xml).toMatch(/<system-out>N=\d for c1#1; the policy answered 1 of 1 calls \(no expectation\)<\/system-out>/);
    expect(json.code).toBe(1);
    expect(document.verdict).toBe('unknown');
    expect(document.policyCalls['reference-harness']).toHaveLength(5);
    expect(document.policyCalls['reference-harness']!.every((cell) => cell !== null && cell.asked >= cell.answered)).toBe(true);
  }, 240_000);

  it('a policy that answers: the table says nothing of it and exits 0, results.json counting its answers', async () => {
    const run = await table(GOOD, 'good');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/failed on/);
    const results = resultsIn(runFolderOf(run.stdout));
    expect(results.verdict).toBe('pass');
    expect(results.policy?.exercised).toBe(true);
    expect(results.policy!.answered).toBeGreaterThan(0);
    expect(results.policy!.answered).toBe(results.policy!.modelCalls);
    expect(results.cells.every((cell) => cell.policyCalls!.answered === cell.policyCalls!.asked)).toBe(true);
  }, 180_000);
});

describe('sim check and sim eval --policy: garbage answers are model failures, never credited to the policy', () => {
  it('sim check: a property that held only because the policy never answered is UNEXERCISED, exit 1', async () => {
    const argv = ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--out', 'check'];
    const run = await spawnSimAsync([...argv, '--policy', GARBAGE, '--format', 'json'], cwd, 120_000);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as CheckResults;
    expect(document.properties[0]).toMatchObject({ name: 'handover-once', outcome: 'unexercised', unfired: ['modelAnswers'] });
    expect(document.properties[0]!.unexercisedWhy).toMatch(
      /^policy 'answers-42' \(.*\) failed on all \d+ of its calls \(first: policy 'answers-42' answered 42/,
    );
    // JUnit's failing case says the same, for a CI page that shows only the message: `--format junit` draws it from this document.
    const junit = junitXml('sim check', checkJunitCases(document));
    expect(junit).toMatch(/message="unexercised: never fired: modelAnswers; policy &apos;answers-42&apos; \(/);
    const good = await spawnSimAsync([...argv, '--policy', GOOD], cwd, 120_000);
    expect(good.stdout).toMatch(/✓ handover-once +held .* model answers/);
    expect(good.code).toBe(0);
  }, 240_000);

  it('sim check: a property that held while the policy answered one call in eleven is UNEXERCISED, not held, exit 1', async () => {
    const argv = ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--out', 'check-rarely'];
    const run = await spawnSimAsync([...argv, '--policy', RARELY, '--format', 'json'], cwd, 120_000);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      properties: { outcome: string; unfired: string[]; unwanted: string[]; tally: Record<string, number>; unexercisedWhy?: string }[];
    };
    const [property] = document.properties;
    expect(property).toMatchObject({ outcome: 'unexercised', unfired: [], unwanted: ['modelFailures'] });
    const { modelCalls = 0, modelAnswers = 0, modelFailures = 0 } = property!.tally;
    expect(modelAnswers).toBeGreaterThan(0);
    expect(modelFailures).toBe(modelCalls - modelAnswers);
    expect(modelFailures).toBeGreaterThan(0);
    expect(property!.unexercisedWhy).toMatch(
      new RegExp(
        `^policy 'answers-rarely' \\(.*\\) answered ${modelAnswers} of its ${modelCalls} calls \\(first: policy 'answers-rarely' answered 42: .*\\): the harness fallback decided where it did not, so this property held partly for the harness, not the policy\\.$`,
      ),
    );
    expect(run.stderr).toMatch(
      new RegExp(`✗ handover-once +UNEXERCISED .* held, but fired, but must not: ${modelFailures} unanswered model calls`),
    );
  }, 120_000);

  it('sim check: an UNEXERCISED property names the policy that never answered and its first error, as sim table does', async () => {
    // Two jobs over two chunks of 100 runs: the first error travels from the worker processes through the merge.
    const argv = ['check', '--family', 'handover', 'handover-once', '--runs', '200', '--jobs', '2', '--seed', '1', '--out', 'check-throws'];
    const run = await spawnSimAsync([...argv, '--policy', THROWS], cwd, 120_000);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    const at = lines.findIndex((text) => /^✗ handover-once +UNEXERCISED .* never fired: modelAnswers$/.test(text));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(
      /^ {4}policy 'always-throws' \(.*policy-always-throws\.mjs\) failed on all \d+ of its calls \(first: the model is down: model exploded\): .*this property held for the harness, not the policy\.$/,
    );
    const results = JSON.parse(readFileSync(join(cwd, runFolderOf(run.stdout), 'results.json'), 'utf8')) as {
      properties: { outcome: string; firstNote?: string; tally: Record<string, number> }[];
    };
    expect(results.properties[0]).toMatchObject({ outcome: 'unexercised', firstNote: 'the model is down: model exploded' });
    expect(results.properties[0]!.tally['modelCalls']).toBeGreaterThan(0);
    expect(results.properties[0]!.tally['modelAnswers']).toBe(0);
  }, 120_000);

  it('sim eval: every scenario the harness handed over for the garbage answer is an error naming what the policy answered', async () => {
    const run = await spawnSimAsync(['eval', 'handover', '--policy', GARBAGE, '--out', 'eval'], cwd, 120_000);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^asks-late-in-conversation\s+error\s+.*the policy did not decide: the harness handed over \(model_unavailable: policy 'answers-42' answered 42: /m,
    );
    expect(run.stdout).not.toMatch(/protocol failed|TypeError/);
    expect(run.stdout).toMatch(/thresholds broken: \d+ scenario\(s\) ended in an error/);
  }, 120_000);
});
