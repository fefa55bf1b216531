import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('policy-watchdog');
const loops = join(import.meta.dirname, '../testing/fixtures/policy-loops.mjs');

describe('a --policy whose respond() loops: every command that runs it stops it with one line, it never hangs', () => {
  it.each([
    { command: 'table', argv: ['table', '--family', 'handover'], where: 'in life' },
    {
      command: 'check',
      argv: ['check', '--family', 'handover', 'handover-once', '--runs', '5', '--seed', '1'],
      where: 'in run 1 of handover-once',
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
          `^sim ${command}: policy .*policy-loops\\.mjs: a life did not end within 1500 ms ${where}.*; stopped\\. --life-timeout-ms sets the limit$`,
        ),
      );
      expect(run.stdout).not.toMatch(/thresholds: met|pass/);
    },
    30_000,
  );
});
