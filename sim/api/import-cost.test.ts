import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';

const REPO = resolve(import.meta.dirname, '../..');

/** Every module a fresh `node` loads to run `script`, by URL, recorded through a module hook. */
function modulesLoadedBy(script: string): string[] {
  const folder = tempFolder('import-cost');
  const list = join(folder, 'loaded.txt');
  writeFileSync(join(folder, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(${JSON.stringify(list)}, url + '\\n'); return next(url, context); }
`);
  writeFileSync(join(folder, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(folder, 'hooks.mjs')}`)});\n`);
  writeFileSync(list, '');
  execFileSync(process.execPath, ['--import', join(folder, 'register.mjs'), '--input-type=module', '-e', script], { cwd: REPO });
  return readFileSync(list, 'utf8').split('\n').filter(Boolean);
}

const FRAMEWORK = /node_modules\/(@langchain|@openai|langsmith|openai|zod)\//;

// A user's protocol module imports 'cutpoint' for planLoop or harnessProtocol, and each life of each case
// imports it in a child process: the framework families' packages (about 800 modules) must not load with it.
describe("importing 'cutpoint'", () => {
  it('loads no framework package until the families are asked for, and then the installed ones', () => {
    const entry = JSON.stringify(join(REPO, 'dist/entry/index.js'));
    const plain = modulesLoadedBy(`const { planLoop } = await import(${entry}); if (typeof planLoop !== 'function') process.exit(1);`);
    expect(plain.some((url) => url.endsWith('/dist/entry/index.js'))).toBe(true);
    expect(plain.filter((url) => FRAMEWORK.test(url))).toEqual([]);

    const all = modulesLoadedBy(
      `const { installedFamilies } = await import(${entry}); const names = (await installedFamilies()).map((f) => f.name).join(',');` +
        ` if (names !== 'reservation,plan,handover,langgraph,openai-agents') { console.error(names); process.exit(1); }`,
    );
    expect(all.some((url) => url.includes('node_modules/@langchain/langgraph/'))).toBe(true);
  });
});
