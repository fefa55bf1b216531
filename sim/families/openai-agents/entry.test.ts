import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openaiAgentsEntry } from './entry.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A resolve hook that refuses the SDK and zod: a module that imports one fails to load. */
const REFUSE_SDK = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
   register('data:text/javascript,' + encodeURIComponent("export async function resolve(s, c, next) { if (s.startsWith('@openai/') || s === 'zod') throw new Error('loaded ' + s); return next(s, c); }"));`,
)}`;

/** Imports `file` in a fresh node with TypeScript support and the SDK's packages refused. */
function importRefusingSdk(file: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', REFUSE_SDK, '--input-type=module', '-e', `const m = await import(${JSON.stringify(file)}); console.log(Object.keys(m).join(','));`],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the openai-agents family's entry", () => {
  it('loads neither the SDK nor zod: they are optional peers, and only load() imports them', () => {
    const entry = importRefusingSdk(join(ROOT, 'sim', 'families', 'openai-agents', 'entry.ts'));
    expect(entry.stderr).toBe('');
    expect(entry.stdout.trim()).toBe('openaiAgentsEntry');
    // The hook does refuse them: the family itself imports the SDK and fails to load under it.
    const family = importRefusingSdk(join(ROOT, 'sim', 'families', 'openai-agents', 'family.ts'));
    expect(family.status).not.toBe(0);
    expect(family.stderr).toMatch(/loaded (@openai\/agents-core|zod)/);
  }, 60_000);

  it("names the catalogue's protocols without loading them, and load() gives the family", async () => {
    const family = await openaiAgentsEntry.load();
    expect(family.name).toBe(openaiAgentsEntry.name);
    expect(family.summary).toBe(openaiAgentsEntry.summary);
    expect(family.protocols.map((entry) => entry.protocol.name)).toEqual([...openaiAgentsEntry.protocolNames]);
  });

  it("claims a module that exports its agent() and no other family's", async () => {
    const agents = await import('./fixtures/my-agents.js');
    expect(openaiAgentsEntry.claims(agents)).toBe(true);
    expect(openaiAgentsEntry.claims({ name: 'my-graph', graph: () => undefined })).toBe(false);
    expect(openaiAgentsEntry.claims({ default: { name: 'my-protocol' } })).toBe(false);
  });
});
