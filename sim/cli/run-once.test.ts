import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSim } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('run-once');

describe('sim run runs one case: a second --protocol or --cut is refused, not silently dropped', () => {
  it.each([
    { argv: ['-p', 'mark-first', '-p', 'outbox-dedup', '--cut', '1'], says: /give --protocol once .*got 'mark-first' and 'outbox-dedup'/ },
    { argv: ['-p', 'mark-first', '--cut', '1', '--cut', '2'], says: /give --cut once .*got '1' and '2'/ },
  ])('sim run $argv', ({ argv, says }) => {
    const out = join(cwd, 'runs');
    const { code, stdout, stderr } = spawnSim(['run', ...argv, '--out', out, '--format', 'json'], cwd);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(says);
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
    expect(existsSync(out)).toBe(false);
  });

  it('one of each still runs the case', () => {
    const out = join(cwd, 'runs-one');
    const { code, stdout } = spawnSim(['run', '-p', 'mark-first', '--cut', '1', '--out', out], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^sim run: family reservation, mark-first, crash at cut 1 \(intent-recorded\)/);
    expect(existsSync(out)).toBe(true);
  });
});
