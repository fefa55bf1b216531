import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSim } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('bad-paths');
const fixtures = join(process.cwd(), 'sim', 'testing', 'fixtures');

// What a careless or unlucky user has lying around: a file, named pipes where files are read, a null line.
writeFileSync(join(cwd, 'a-file'), 'not a folder');
execFileSync('mkfifo', [join(cwd, 'expect.fifo')]);
mkdirSync(join(cwd, 'pipe-case'));
execFileSync('mkfifo', [join(cwd, 'pipe-case', 'history.jsonl')]);
mkdirSync(join(cwd, 'null-case'));
writeFileSync(join(cwd, 'null-case', 'history.jsonl'), 'null\n');
mkdirSync(join(cwd, 'pipe-run'));
execFileSync('mkfifo', [join(cwd, 'pipe-run', 'results.json')]);
mkdirSync(join(cwd, 'runs-with-pipe', '20261201-000000-abcdef'), { recursive: true });
execFileSync('mkfifo', [join(cwd, 'runs-with-pipe', '20261201-000000-abcdef', 'results.json')]);
writeFileSync(join(cwd, 'typo.json'), JSON.stringify({ 'mark-frist': [1, 0, 1, 1, 1] }));
// A protocol whose name, which names a folder of every run, is too long for a file name.
writeFileSync(
  join(cwd, 'long-name.mjs'),
  `export default { name: '${'x'.repeat(300)}', summary: 's', contract: 'no-receipt', async submit() {}, async relay() {} };\n`,
);

/** Every entry under cwd with its type and, for regular files, content: named pipes are never opened. */
function snapshot(): string[] {
  return readdirSync(cwd, { recursive: true, encoding: 'utf8' })
    .map((path) => {
      const stats = lstatSync(join(cwd, path));
      return `${path}:${stats.isFile() ? readFileSync(join(cwd, path), 'utf8') : stats.isFIFO() ? 'fifo' : 'dir'}`;
    })
    .sort();
}

const missingLevels = Array.from({ length: 40 }, (_, i) => `level-${i}`).join('/');

describe("a user's path or file cannot make a command hang or report a bug: exit 2, one line, nothing on disk changed", () => {
  it.each(
    [
      { argv: ['table', '--out', ''], says: /^sim: --out is empty; give a path/ },
      { argv: ['table', '--out', '/proc/cutpoint-runs'], says: /this file system allows no new folder at \/proc\/cutpoint-runs/ },
      { argv: ['table', '--out', '/sys/cutpoint-runs'], says: /\/sys is not writable|operation not permitted/ },
      { argv: ['table', '--out', 'a-file/runs'], says: /a-file is a file, not a folder; choose another path/ },
      { argv: ['table', '--out', 'x'.repeat(300)], says: /is longer than 255 bytes, too long for a file name/ },
      { argv: ['table', '--out', missingLevels], says: /more than 32 of its folders are missing/ },
      { argv: ['table', '--expect', 'expect.fifo'], says: /cannot read --expect file expect\.fifo: not a regular file/ },
      { argv: ['table', '--expect', ''], says: /^sim: --expect is empty/ },
      {
        argv: ['table', '--expect', 'typo.json'],
        says: /row 'mark-frist' names no protocol of this run \(mark-first, outbox-no-dedup, outbox-dedup\)/,
      },
      {
        argv: ['table', '--protocol', join(fixtures, 'bad-local-schema.mjs')],
        says: /its localSchema is not valid SQL: near "CREAT": syntax error/,
      },
      { argv: ['table', '--protocol', './long-name.mjs'], says: /the protocol's name is longer than 64 characters/ },
      { argv: ['show', ''], says: /the folder is empty; give a path/ },
      { argv: ['show', 'pipe-case'], says: /cannot open .*pipe-case\/history\.jsonl: not a regular file \(a named pipe/ },
      { argv: ['show', 'null-case'], says: /null-case\/history\.jsonl: line 1 is not a history event \(not a JSON object\)/ },
      { argv: ['report', ''], says: /the run folder is empty; give a path/ },
      { argv: ['report', 'pipe-run'], says: /cannot read .*pipe-run\/results\.json: not a regular file/ },
      { argv: ['report', '--out', 'runs-with-pipe'], says: /no table run under runs-with-pipe/ },
      { argv: ['check', 'dedup-safety', '--seed', '1', '--path', '999999999999999999999'], says: /at most 10000000 each/ },
      { argv: ['check', '--scratch', ''], says: /^sim: --scratch is empty/ },
    ].map((c) => ({ ...c, name: c.argv.map((arg) => (arg === '' ? "''" : arg.length > 32 ? `${arg.slice(0, 29)}…` : arg)).join(' ') })),
  )('sim $name', ({ argv, says }) => {
    const before = snapshot();
    const withOut = argv.includes('--out') || argv[0] !== 'table' ? argv : [...argv, '--out', 'runs'];
    const { code, stdout, stderr } = spawnSim(withOut, cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(snapshot()).toEqual(before);
    expect(existsSync('/proc/cutpoint-runs') || existsSync('/sys/cutpoint-runs')).toBe(false);
  });

  it('a replay path that does not fit the seed is bad input, not a bug (the header was already printed)', () => {
    const { code, stdout, stderr } = spawnSim(['check', 'dedup-safety', '--seed', '1', '--path', '99:99:99', '--out', 'replays'], cwd);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^sim check: replaying dedup-safety, seed 1, path 99:99:99/);
    expect(stderr).toBe('sim: seed 1 and path 99:99:99 name no run of dedup-safety\n');
  });

  it('sim show / ends at once with one line: the search below a folder is bounded and never follows a link', () => {
    const { code, stdout, stderr } = spawnSim(['show', '/'], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^sim: (cannot read folder .* \(below \/\): |\/ holds more than 50000 entries within 5 levels)/);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
