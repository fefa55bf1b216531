import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('policy-watchdog');
const loops = join(import.meta.dirname, '../testing/fixtures/policy-loops.mjs');
const slow = join(import.meta.dirname, '../testing/fixtures/policy-slow.mjs');

describe('a --policy whose respond() loops: every command that runs it stops it with one line, it never hangs', () => {
  it.each([
    { command: 'table', argv: ['table', '--family', 'handover'], where: 'in life' },
    {
      command: 'check',
      argv: ['check', '--family', 'handover', 'handover-once', '--runs', '5', '--seed', '1'],
      where: 'in run 1 of handover-once, life',
    },
    { command: 'eval', argv: ['eval', 'handover'], where: 'in life' },
  ])(
    'sim $command --policy: exit 1, the policy named, the watched child stopped after --life-timeout-ms',
    async ({ command, argv, where }) => {
      const run = await runCli([...argv, '--policy', loops, '--life-timeout-ms', '1500', '--out', join(cwd, command)], cwd);
      expect(run.code).toBe(1);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^sim ${command}: policy .*policy-loops\\.mjs: a call to respond\\(\\) did not return within 1500 ms ${where} \\d+ and blocked the process \\(a synchronous loop; an awaited call is stopped by --model-timeout-ms instead\\); stopped\\. --life-timeout-ms sets the limit$`,
        ),
      );
      expect(run.stdout).not.toMatch(/thresholds: met|pass/);
    },
    30_000,
  );
});

describe('a --policy that is slow, not hung: the watchdog measures the time since its last call, not since the life started', () => {
  it('sim eval: a life of eight 150 ms calls outlives --life-timeout-ms 1000 and is judged; a call that never settles times out alone', async () => {
    const suite = join(cwd, 'slow-suite.jsonl');
    const lines = [
      {
        id: 'chats-then-asks',
        turns: ['hi', 'hours?', 'ok', 'saturday?', 'thanks', 'parking?', 'fine', 'I want a nurse'],
        expected: { handover: true },
      },
      { id: 'provider-drops-a-call', turns: ['hello', 'WAITS_FOR_EVER where is the clinic'], expected: { handover: false } },
      { id: 'chats', turns: ['hello', 'thanks'], expected: { handover: false } },
    ];
    writeFileSync(suite, lines.map((line) => JSON.stringify(line)).join('\n'));
    // The call timeout is longer than the life timeout: a pending call keeps saying so, and only the call timeout ends it.
    const argv = ['eval', 'handover', '--suite', suite, '--policy', slow, '--life-timeout-ms', '1000', '--model-timeout-ms', '2500'];
    const run = await runCli([...argv, '--out', join(cwd, 'slow')], cwd);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^scenarios 3: missed 0, unnecessary 0, wrong target 0, late 0$/m);
    expect(run.stdout).toMatch(/^chats-then-asks +correct +turn 8 to human_nurse \(user_requested_human\)$/m);
    expect(run.stdout).toMatch(/^chats +correct-no-handover +no handover$/m);
    expect(run.stdout).toMatch(
      /^provider-drops-a-call +error +turn 2 to human_nurse \(model_unavailable\); error: the policy did not decide: the harness handed over \(model_unavailable: policy 'slow' did not answer within 2500 ms of wall time \(--model-timeout-ms\)\)$/m,
    );
    expect(run.stdout).toMatch(/^thresholds broken: 1 scenario\(s\) ended in an error$/m);
    expect(run.code).toBe(1);
  }, 60_000);
});

describe('--model-timeout-ms: the same option wherever a policy is taken, refused as one line where it cannot apply', () => {
  it.each([
    {
      argv: ['eval', 'handover', '--model-timeout-ms', '500'],
      says: '--model-timeout-ms times the calls of your own model: give --policy too',
    },
    {
      argv: ['table', '--family', 'handover', '--model-timeout-ms', '500'],
      says: '--model-timeout-ms times the calls of your own model: give --policy too',
    },
    {
      argv: ['check', '--family', 'handover', '--model-timeout-ms', 'soon', '--policy', slow],
      says: "model-timeout-ms must be a whole number from 1 to 3600000; got 'soon'.",
    },
    {
      argv: ['eval', 'handover', '--policy', slow, '--model-timeout-ms', '0'],
      says: "model-timeout-ms must be a whole number from 1 to 3600000; got '0'.",
    },
  ])('sim $argv.0 with $argv.2 $argv.3 ($says): exit 2, one line', async ({ argv, says }) => {
    const run = await runCli([...argv, '--out', join(cwd, 'refused')], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(says);
  });
});
