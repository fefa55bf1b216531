import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
/** The harness's folders as worker-context gives them: its sources and dist/. */
const HARNESS = [join(REPO, 'sim/'), join(REPO, 'dist/sim/')];
const folder = mkdtempSync(join(tmpdir(), 'cutpoint-call-site-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A module as tsx hands it to Node: its code on line 1, an inline source map
 * saying that code is line 6 of proto.ts. Loaded natively (in a child node, as
 * cutpoint from node_modules loads a user's protocol inside their vitest run).
 */
function writeModule(): string {
  const map = { version: 3, sources: ['proto.ts'], names: [], mappings: 'AAKA' };
  const callSite = pathToFileURL(join(REPO, 'dist/sim/engine/call-site.js')).href;
  const code =
    `import { callSite } from '${callSite}'; export const site = () => callSite(${JSON.stringify(HARNESS)});\n` +
    `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
  const file = join(folder, 'proto.mjs');
  writeFileSync(file, code);
  return file;
}

/** Runs callSite from that module in a child node, with or without a formatter of the test runner's kind installed. */
function siteInChild(foreignFormatter: boolean): { file: string; line: number } {
  const module = pathToFileURL(writeModule()).href;
  const script = [
    'process.setSourceMapsEnabled(true);',
    // vitest's kind of formatter: its own frames, with the loaded code's lines, Node's source maps never consulted.
    foreignFormatter
      ? "Error.prepareStackTrace = (e, sites) => 'Error\\n' + sites.map((s) => `    at ${s.getFileName()}:${s.getLineNumber()}:${s.getColumnNumber()}`).join('\\n');"
      : '',
    `const { site } = await import(${JSON.stringify(module)});`,
    'console.log(JSON.stringify(site()));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  return JSON.parse(out) as { file: string; line: number };
}

describe('callSite names the source line of a module loaded with a source map', () => {
  it("under Node's own stack formatting", () => {
    const site = siteInChild(false);
    expect(site.line).toBe(6);
    expect(site.file.endsWith('proto.ts')).toBe(true);
  });

  it("under a test runner's Error.prepareStackTrace that ignores Node's source maps (vitest)", () => {
    const site = siteInChild(true);
    expect(site.line).toBe(6);
    expect(site.file.endsWith('proto.ts')).toBe(true);
  });
});
