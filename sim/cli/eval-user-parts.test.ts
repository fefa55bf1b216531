import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { runCli } from './testing/run-cli.js';

const root = tempFolder('eval-user-parts');
const EXAMPLES = join(import.meta.dirname, '../../protocols/handover/examples');
const LOG_SUITE = join(import.meta.dirname, '../../scenarios/handover/eval/log-suite.jsonl');
const line = (value: unknown) => JSON.stringify(value);

/** A folder with a one-line suite (the front desk, which only a rule catches) and the given files. */
function folder(files: Record<string, string> = {}): string {
  const cwd = mkdtempSync(join(root, 'case-'));
  const frontDesk = { id: 'front-desk', turns: ['Could the front desk call me?'], expected: { handover: true, byTurn: 1, facts: ['front desk'] } };
  writeFileSync(join(cwd, 'suite.jsonl'), `${line(frontDesk)}\n${line({ thresholds: { missedMax: 0 } })}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return cwd;
}

describe('sim eval handover with the user parts', () => {
  it('--rules: the rule catches the miss (exit 0), and the JSON counts the conversation it decided, per layer', async () => {
    const cwd = folder();
    const without = await runCli(['eval', 'handover', '--suite', 'suite.jsonl'], cwd);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain('thresholds broken: missed 1 > 0');
    const { code, stdout } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--rules', join(EXAMPLES, 'my-rules.json'), '-f', 'json'], cwd);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).metrics).toMatchObject({ missed: 0, guardrails: { before: { 'front-desk': 1 }, around: {}, after: {} } });
  }, 120_000);

  it('a log suite, your harness and your judge together: one run, the text names the judge and the counts per layer', async () => {
    const { code, stdout } = await runCli(
      ['eval', 'handover', '--suite', LOG_SUITE, '--protocol', join(EXAMPLES, 'my-unguarded-harness.ts'), '--judge', join(EXAMPLES, 'my-judge.ts')],
      folder(),
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^scenarios 4: missed 2, unnecessary 0/m);
    expect(stdout).toMatch(/^context quality: 100% of required facts carried \(judge .*my-judge\.ts\)$/m);
    expect(stdout).toContain('guardrails (conversations each decided): before none; around none; after none');
    expect(stdout).toMatch(/^log-put-through\s+missed\s+no handover$/m);
  }, 120_000);

  it('a judge that throws is a counted error: exit 1, the handover not judged, named on its line', async () => {
    const cwd = folder({ 'judge.mjs': 'export default () => { throw new Error("quota exceeded"); };', 'rules.json': line({ before: [{ name: 'desk', phrases: ['front desk'] }] }) });
    const { code, stdout } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--rules', 'rules.json', '--judge', 'judge.mjs'], cwd);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^front-desk\s+correct\s+turn 1 to human_nurse \(guardrail\); judge error: the judge threw: quota exceeded$/m);
    expect(stdout).toContain('thresholds broken: 1 handover(s) the judge could not judge');
  }, 120_000);

  it('a judge that loops is stopped by the watched child: exit 1 and one line naming it, never a hang', async () => {
    const cwd = folder({ 'judge.mjs': 'export default () => { for (;;) {} };', 'rules.json': line({ before: [{ name: 'desk', phrases: ['front desk'] }] }) });
    const { code, stderr } = await runCli(
      ['eval', 'handover', '--suite', 'suite.jsonl', '--rules', 'rules.json', '--judge', 'judge.mjs', '--life-timeout-ms', '3000'],
      cwd,
    );
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^sim eval: rules rules\.json, judge judge\.mjs: a life did not end within 3000 ms .*; stopped\. --life-timeout-ms sets the limit\n$/);
  }, 120_000);

  it.each([
    ['an unknown role', ['--suite', 'log.jsonl'], 'sim: suite log.jsonl line 1: /turns/1 has role "bot": one of user, agent, operator'],
    ['an unlabelled conversation', ['--suite', 'unlabelled.jsonl'], 'sim: suite unlabelled.jsonl line 1: the conversation has no label: give expected, as {"handover": true | false, ...}'],
    ['a rules file that is not JSON', ['--suite', 'suite.jsonl', '--rules', 'broken.json'], 'sim: --rules broken.json: not JSON'],
    ['a missing harness', ['--suite', 'suite.jsonl', '--protocol', './missing.ts'], 'sim: protocol file ./missing.ts does not exist'],
    ['--judge-timeout-ms without --judge', ['--suite', 'suite.jsonl', '--judge-timeout-ms', '100'], '--judge-timeout-ms times the calls of your own judge: give --judge too'],
  ])('%s is exit 2 with one line on stderr, and nothing runs', async (_, args, message) => {
    const cwd = folder({
      'log.jsonl': line({ id: 'a', turns: [{ role: 'user', text: 'hi' }, { role: 'bot', text: 'hello' }], expected: { handover: false } }),
      'unlabelled.jsonl': line({ id: 'a', turns: [{ role: 'user', text: 'hi' }] }),
      'broken.json': '{"before": [',
    });
    const { code, stdout, stderr } = await runCli(['eval', 'handover', ...args, '--report'], cwd);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
    expect(existsSync(join(cwd, 'runs'))).toBe(false);
  }, 120_000);
});
