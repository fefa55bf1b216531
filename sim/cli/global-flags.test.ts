import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { main } from './main.js';

const root = tempFolder('global-flags');

async function sim(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: root, isTty: false });
  return { code, stdout, stderr };
}

describe('--version and --help refuse what they would not read', () => {
  it('--version beside anything (an unknown option, a command, --help) is one line and exit 2, nothing on stdout', async () => {
    for (const argv of [
      ['--version', '--bogus'],
      ['--bogus', '--version'],
      ['-V', 'extra'],
      ['list', '--version'],
      ['--version', '--help'],
    ]) {
      const run = await sim(...argv);
      expect([argv, run.code, run.stdout]).toEqual([argv, 2, '']);
      expect(run.stderr).toMatch(/^sim: --version takes nothing beside it; got '[^']+' \(run sim --version alone\)\n$/);
    }
  });

  it('--help beside an option its command does not have, or a command that does not exist, is one line and exit 2', async () => {
    for (const [argv, line] of [
      [['--help', '--bogus'], "unknown option '--bogus' beside --help"],
      [['table', '--bogus', '--help'], "unknown option '--bogus' beside --help (`sim table --help` lists them)"],
      [['table', '--chart=1', '--help'], "unknown option '--chart=1'"],
      [['bogus', '--help'], "unknown command 'bogus'"],
    ] as const) {
      const run = await sim(...argv);
      expect([argv, run.code, run.stdout]).toEqual([argv, 2, '']);
      expect(run.stderr.split('\n')).toHaveLength(2);
      expect(run.stderr).toContain(line);
    }
  });

  it('--version alone, and --help with options the command has (values that look like options included), still answer 0', async () => {
    expect(await sim('--version')).toMatchObject({ code: 0, stderr: '' });
    for (const argv of [
      ['--help'],
      ['table', '--help'],
      ['check', '--seed', '-5', '--help'],
      ['table', '-ox', '--help'],
      ['serve', '--no-require-key', '-h'],
    ]) {
      const run = await sim(...argv);
      expect([argv, run.code, run.stderr]).toEqual([argv, 0, '']);
      expect(run.stdout).toMatch(/^Usage: sim /);
    }
  });
});
