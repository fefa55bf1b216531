import { describe, expect, it } from 'vitest';
import { runCli } from '../sim/cli/testing/run-cli.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { counted } from './plural.js';

const cwd = tempFolder('plural');

describe('counts read as English', () => {
  it('one protocol, two cuts', () => {
    expect(counted(1, 'protocol')).toBe('1 protocol');
    expect(counted(2, 'cut')).toBe('2 cuts');
    expect(counted(0, 'case')).toBe('0 cases');
  });

  it('sim table names one protocol and one cut in the singular', async () => {
    const { code, stdout } = await runCli(['table', '-p', 'outbox-dedup', '-c', '2', '--out', 'runs'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^sim table: family reservation, 1 protocol × 1 cut, crash in-process/);
  });
});
