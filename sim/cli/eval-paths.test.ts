import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSim } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('eval-paths');
execFileSync('mkfifo', [join(cwd, 'suite.fifo')]);
const policy = `export default { respond() { return { text: 'hello' }; } };\n`;
writeFileSync(join(cwd, 'exits.mjs'), `process.exit(0);\n${policy}`);
writeFileSync(join(cwd, 'suite.jsonl'), 'user suite, left as it is\n'); // a user's file beside, never touched

describe('sim eval: a named pipe or a policy that ends the process is exit 2 in one line, not a hang or a silent exit 0', () => {
  it.each([
    { argv: ['--suite', 'suite.fifo'], says: /cannot read suite \S*suite\.fifo: not a regular file/ },
    { argv: ['--graph', 'suite.fifo'], says: /cannot read graph file suite\.fifo: not a regular file/ },
    { argv: ['--policy', 'exits.mjs'], says: /policy file exits\.mjs ended its process while loading/ },
  ])('sim eval handover $argv.0 $argv.1 $argv.2 $argv.3', ({ argv, says }) => {
    const { code, stdout, stderr } = spawnSim(['eval', 'handover', ...argv, '--format', 'json'], cwd);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(says);
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
    expect(readFileSync(join(cwd, 'suite.jsonl'), 'utf8')).toBe('user suite, left as it is\n');
  });
});
