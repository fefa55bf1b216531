import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { langgraphEntry } from './entry.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A resolve hook that refuses every @langchain package: a module that imports one fails to load. */
const REFUSE_LANGCHAIN = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
   register('data:text/javascript,' + encodeURIComponent("export async function resolve(s, c, next) { if (s.startsWith('@langchain/')) throw new Error('loaded ' + s); return next(s, c); }"));`,
)}`;

/** Imports `file` in a fresh node with TypeScript support and LangChain's packages refused. */
function importRefusingLangChain(file: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      REFUSE_LANGCHAIN,
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(file)}); console.log(Object.keys(m).join(','));`,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the langgraph family's entry", () => {
  it('loads none of the LangGraph packages: they are optional peers, and only load() imports them', () => {
    const entry = importRefusingLangChain(join(ROOT, 'sim', 'families', 'langgraph', 'entry.ts'));
    expect(entry.stderr).toBe('');
    expect(entry.stdout.trim()).toBe('langgraphEntry');
    // The hook does refuse them: the family itself imports LangGraph and fails to load under it.
    const family = importRefusingLangChain(join(ROOT, 'sim', 'families', 'langgraph', 'family.ts'));
    expect(family.status).not.toBe(0);
    expect(family.stderr).toMatch(/loaded @langchain\//);
  }, 60_000);

  it("names the catalogue's protocols without loading them, and load() gives the family", async () => {
    const family = await langgraphEntry.load();
    expect(family.name).toBe(langgraphEntry.name);
    expect(family.summary).toBe(langgraphEntry.summary);
    expect(family.protocols.map((entry) => entry.protocol.name)).toEqual([...langgraphEntry.protocolNames]);
  });
});
