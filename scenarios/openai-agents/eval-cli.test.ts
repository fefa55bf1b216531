import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const root = tempFolder('openai-agents-eval-cli');
const REPO = join(import.meta.dirname, '..', '..');
const CLINIC = join(REPO, 'protocols', 'openai-agents', 'examples', 'clinic-agents.ts');
const fixture = (name: string) => join(REPO, 'sim', 'families', 'openai-agents', 'fixtures', name);
const line = (value: unknown) => JSON.stringify(value);

/** A folder with a suite: an ask for a person at the second turn, a question, and a missed-handover threshold of zero. */
function folder(): string {
  const cwd = mkdtempSync(join(root, 'case-'));
  const asks = { id: 'asks', turns: ['hello', 'Can I talk to a person about my results?'], expected: { handover: true, target: 'human_nurse', byTurn: 2, facts: ['my results'] } };
  const hours = { id: 'hours', turns: ['what are your opening hours?'], expected: { handover: false } };
  writeFileSync(join(cwd, 'suite.jsonl'), `${line(asks)}\n${line(hours)}\n${line({ thresholds: { missedMax: 0 } })}\n`);
  return cwd;
}

describe('sim eval handover --protocol <your SDK agents>', () => {
  it('agents that call the handoff meet missedMax 0 (exit 0); a model that only announces it misses (exit 1), in text and in eval.json', async () => {
    const called = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--protocol', CLINIC], folder());
    expect(called.stderr).toBe('');
    expect(called.stdout).toMatch(/^scenarios 2: missed 0, unnecessary 0, wrong target 0, late 0$/m);
    expect(called.stdout).toMatch(/^asks +correct +turn 2 to human_nurse \(asks for a person\)$/m);
    expect(called.code).toBe(0);

    const cwd = folder();
    const announced = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--protocol', fixture('announcing-agents.ts'), '--report'], cwd);
    expect(announced.stdout).toMatch(/^asks +missed +no handover \(turn 2 announced one, never made\)$/m);
    expect(announced.stdout).toContain('thresholds broken: missed 1 > 0');
    expect(announced.code).toBe(1);
    const [run] = readdirSync(join(cwd, 'runs'));
    const report = JSON.parse(readFileSync(join(cwd, 'runs', run!, 'eval.json'), 'utf8')) as { metrics: { missed: number }; results: { verdict: string }[] };
    expect(report.metrics.missed).toBe(1);
    expect(report.results.map((result) => result.verdict)).toEqual(['missed', 'correct-no-handover']);
  }, 180_000);

  it.each([
    ['a module without respond', [fixture('my-agents.ts')], /^sim: .*my-agents\.ts: sim eval plays each conversation of the suite through your agents, .*returning \{ text\?, calls\?, handoff\? \}\n$/],
    ['--rules beside SDK agents', [CLINIC, '--rules', 'rules.json'], /^sim: --rules shapes the handover family's own harness; .*clinic-agents\.ts runs its own agents, model and guardrails: leave --rules out\n$/],
  ])('%s is one line on stderr and exit 2', async (_, [protocol, ...rest], message) => {
    const { code, stdout, stderr } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--protocol', protocol!, ...rest], folder());
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(message);
  }, 60_000);

  it('a malformed suite line is one line on stderr and exit 2, before the agents run', async () => {
    const cwd = folder();
    writeFileSync(join(cwd, 'suite.jsonl'), `${line({ id: 'a', turns: [{ role: 'nurse', text: 'hi' }], expected: { handover: false } })}\n`);
    const { code, stdout, stderr } = await runCli(['eval', 'handover', '--suite', 'suite.jsonl', '--protocol', CLINIC], cwd);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: 'sim: suite suite.jsonl line 1: /turns/0 has role "nurse": one of user, agent, operator\n' });
  }, 60_000);
});
