import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';

// Through the compiled bin, as a user runs it: vitest's own loader would make any file load.
const repo = process.cwd();
const fixture = (name: string) => join(repo, 'sim', 'testing', 'fixtures', name);
const outside = tempFolder('protocol-file');

function table(protocol: string) {
  const out = join(outside, 'never');
  const result = spawnSync(process.execPath, [join(repo, 'dist', 'entry', 'sim.js'), 'table', '-p', protocol, '--cut', '1', '--out', out], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { ...result, wrote: existsSync(out) };
}

describe('a protocol file that cannot be loaded says what to fix, on one line', () => {
  it("keeps esbuild's location line: where the syntax error is", () => {
    const { status, stdout, stderr, wrote } = table(fixture('syntax-error.ts'));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(wrote).toBe(false);
    expect(stderr).toMatch(
      /^sim: cannot load protocol file .*syntax-error\.ts: Transform failed with 1 error: .*syntax-error\.ts:\d+:\d+: ERROR: \S/,
    );
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a .ts file outside an ESM package loads as an ES module, as the same file named .mts does', () => {
    for (const name of ['mine.ts', 'mine.mts']) {
      copyFileSync(fixture('typed-outside-esm.ts'), join(outside, name));
      const loaded = table(join(outside, name));
      expect(loaded.stderr).toBe('');
      expect(loaded.stdout).toContain('typed-outside-esm');
    }
  });

  it('inside a package with "type": "module" the same .ts file loads', () => {
    const esm = join(outside, 'esm');
    mkdirSync(esm);
    writeFileSync(join(esm, 'package.json'), '{ "type": "module" }');
    copyFileSync(fixture('typed-outside-esm.ts'), join(esm, 'mine.ts'));
    const loaded = table(join(esm, 'mine.ts'));
    expect(loaded.stderr).not.toContain('cannot load');
    expect(loaded.stdout).toContain('typed-outside-esm');
  });
});
