import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('trial-load');
const protocol = `export default { name: 'top-level', summary: 's', contract: 'no-receipt', async submit() {}, async relay() {} };\n`;
// Top levels that, imported into sim's own process, ended it with exit 0 and no word, hung it (through SIGTERM too) or exit 13.
writeFileSync(join(cwd, 'exits.mjs'), `process.exit(0);\n${protocol}`);
writeFileSync(join(cwd, 'loops.mjs'), `for (;;) {}\n${protocol}`);
writeFileSync(join(cwd, 'waits.mjs'), `await new Promise(() => {});\n${protocol}`);
writeFileSync(join(cwd, 'prints.mjs'), `console.log('loading');\n${protocol}`);

describe("a protocol file's top level cannot end, hang or silence sim: exit 2, one line, one JSON document", () => {
  it.each([
    { argv: ['table', '--protocol', './exits.mjs', '--cut', '1'], says: /exits\.mjs ended its process while loading/ },
    { argv: ['run', '--protocol', './waits.mjs', '--cut', '1'], says: /waits\.mjs ended its process while loading/ },
    { argv: ['check', '--protocol', './exits.mjs', '--runs', '1'], says: /exits\.mjs ended its process while loading/ },
    { argv: ['explore', '--protocol', './loops.mjs'], says: /loops\.mjs did not finish loading within 10 s/ },
  ])('sim $argv.0 $argv.1 $argv.2', async ({ argv, says }) => {
    const out = join(cwd, `runs-${argv[0]}`);
    const { code, stdout, stderr } = await spawnSimAsync([...argv, '--out', out, '--format', 'json'], cwd, 40_000);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(says);
    const document = JSON.parse(stdout) as { kind: string; exitCode: number; message: string };
    expect(document).toMatchObject({ kind: 'error', exitCode: 2 });
    expect(document.message).toMatch(says);
    expect(existsSync(out)).toBe(false);
  });

  it('a top level that only prints still loads, and its print goes to stderr, not into the JSON', async () => {
    const { code, stdout, stderr } = await spawnSimAsync(['run', '--protocol', './prints.mjs', '--cut', '1', '--format', 'json'], cwd);
    expect(stderr).toContain('loading');
    expect((JSON.parse(stdout) as { kind: string }).kind).not.toBe('error');
    expect([0, 1]).toContain(code);
  });
});
