import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-run');
const bin = join(process.cwd(), 'dist', 'entry', 'sim.js');

describe('sim run', () => {
  it('shows the crash, the lost reply, the recovery and the duplicate', async () => {
    const { code, stdout } = await runCli(['run', '--protocol', 'outbox-no-dedup', '--cut', 'effect-applied'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('✗ CRASH at effect-applied');
    expect(stdout).toContain('info   reserve reply lost in crash');
    expect(stdout).toContain('recovery with fresh connections');
    expect(stdout).toContain('effects: N=2 for tenantA:reserve42: duplicate (expected 2)');
    expect(stdout).toMatch(/warehouse\.db {5}runs\/.*\/outbox-no-dedup\/cut-2\/warehouse\.db/);
  });

  it('names a lost effect', async () => {
    const { code, stdout } = await runCli(['run', '-p', 'mark-first', '-c', '1'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('effects: N=0 for tenantA:reserve42: lost (expected 0)');
    expect(stdout).toContain('"status":"done"');
  });
});

describe('the installed bin', () => {
  it('`sim table` runs end to end as a process and exits 0', () => {
    const result = spawnSync(process.execPath, [bin, 'table', '--out', join(cwd, 'bin-runs')], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('15/15 expected cells match');
  });

  it('`sim --help` and `sim table --help` describe every option and exit 0', () => {
    const top = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/table .*\n[\s\S]*run /);
    const table = spawnSync(process.execPath, [bin, 'table', '--help'], { encoding: 'utf8' });
    expect(table.status).toBe(0);
    for (const option of ['--protocol', '--cut', '--format', '--out', '--expect']) expect(table.stdout).toContain(option);
  });

  it('exits 2 with one line and no stack trace on bad input', () => {
    const result = spawnSync(process.execPath, [bin, 'table', '--cut', '99'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
