import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRunFolder } from '../results/run-folder.js';
import { tempFolder } from '../testing/temp-folder.js';
import { main } from './main.js';

const root = tempFolder('out-folder');
const run = join(root, 'runs', '20261203-101500-a1b2c3');
const caseFolder = join(run, 'mark-first', 'cut-2');
const copiedCase = join(root, 'kept-case');
mkdirSync(caseFolder, { recursive: true });
mkdirSync(copiedCase);
writeFileSync(join(run, 'results.json'), '{}');
writeFileSync(join(caseFolder, 'history.jsonl'), '');
writeFileSync(join(copiedCase, 'history.jsonl'), '');

/** Every file and folder under the fake runs, so a test can see that nothing was added. */
function tree(): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).map((entry) => relative(root, join(root, entry))).sort();
}

/** Each command taking --out, with the fewest other words it needs to get past its own required options. */
const COMMANDS: readonly (readonly string[])[] = [
  ['table'],
  ['run', '-p', 'mark-first', '-c', '1'],
  ['check', '--runs', '1'],
  ['explore', '-p', 'mark-first'],
  ['stress', '-t', '1'],
  ['probe', '--url', 'http://127.0.0.1:9/w', '--body', '{}', '--count-url', 'http://127.0.0.1:9/effects?key={key}'],
  ['eval', 'handover'],
  ['report'],
];

describe('--out inside an existing run or case folder is refused, nothing written', () => {
  it('every command taking --out: one line naming the run or case folder, exit 2, the folders as they were', async () => {
    const before = tree();
    for (const command of COMMANDS) {
      for (const [out, kind] of [
        [run, 'run'],
        [join(caseFolder, 'deeper'), 'case'],
        [copiedCase, 'case'],
        [join(copiedCase, 'runs'), 'case'],
      ] as const) {
        let stderr = '';
        let stdout = '';
        const code = await main([...command, '--out', relative(root, out)], {
          stdout: (text) => (stdout += text),
          stderr: (text) => (stderr += text),
          cwd: root,
          isTty: false,
        });
        expect([command[0], out, code, stdout]).toEqual([command[0], out, 2, '']);
        expect(stderr).toMatch(
          new RegExp(`^sim: --out \\S+ is inside the ${kind} folder \\S+: give a parent folder of run folders outside any run`),
        );
        expect(stderr.split('\n')).toHaveLength(2);
      }
    }
    expect(tree()).toEqual(before);
  });

  it('the library is refused the same by createRunFolder, and a folder beside the runs is taken', () => {
    expect(() => createRunFolder(join(run, 'inner'))).toThrow(/is inside the run folder/);
    expect(() => createRunFolder(copiedCase)).toThrow(/is inside the case folder/);
    expect(createRunFolder(join(root, 'runs')).path).toMatch(/runs\/\d{8}-\d{6}-[0-9a-f]{6}$/);
  });
});
