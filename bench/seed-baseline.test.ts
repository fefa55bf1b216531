import { spawnSync } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pythonInterpreter } from './speed-bench.js';

/** The two independent baselines `npm run bench` times `sim table` against must measure the same experiment. */
const BASELINES = [
  { name: 'Python', command: 'python3', file: fileURLToPath(new URL('./seed-baseline.py', import.meta.url)) },
  { name: 'plain Node', command: process.execPath, file: fileURLToPath(new URL('../dist/bench/seed-baseline-node.js', import.meta.url)) },
];

describe('the seed experiment written again without cutpoint', () => {
  it.each(BASELINES)('$name measures seed 004 table, N counted from its warehouse.db files', ({ command, file }) => {
    const run = spawnSync(command, [file], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(['mark-first       1 0 1 1 1', 'outbox-no-dedup  1 1 2 2 1', 'outbox-dedup     1 1 1 1 1', ''].join('\n'));
    expect(run.status).toBe(0);
  });
});

describe('the Python baseline is timed on its interpreter', () => {
  it('names the interpreter binary itself, not a version manager shim on PATH', () => {
    const path = pythonInterpreter();
    expect(isAbsolute(path)).toBe(true);
    const head = Buffer.alloc(4);
    const fd = openSync(path, 'r');
    try {
      readSync(fd, head, 0, 4, 0);
    } finally {
      closeSync(fd);
    }
    // pyenv's shim, which `python3` is on these machines, is a bash script: "#!/u".
    expect(head.toString('latin1')).toBe('\x7fELF');
  });
});
