import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, REPO } from './testing/doc-pages.js';

/**
 * Narration of the project's own history: which working session did what, what the code did before.
 * The code and the pages say what is; git and docs/history/ say how it came to be.
 */
const NARRATION: readonly RegExp[] = [
  /\bsessions? \d+/i,
  /\b(?:in|this|that|last|previous|an earlier|earlier) sessions?\b/i,
  /\bno longer\b/i,
  // "it used to", not "is used to name" (a use, not a past).
  /(?<!\b(?:is|are|be|been|being|was|were|get|gets|got) )\bused to\b/i,
];

/** Where a phrase of the list says what is, not what was: each with why. */
const ALLOWED: readonly { path: string; text: string; why: string }[] = [
  {
    path: 'scenarios/plan/properties/checks.ts',
    text: 'no longer done',
    why: "a violation's message about a run: steps a later life found undone; changing it changes the output",
  },
];

/** The source trees whose comments, strings and messages are checked, and the configuration files at the root. */
const SOURCE_ROOTS = ['sim', 'protocols', 'scenarios', 'reports', 'entry', 'bench', 'fixtures'];
const SOURCE_FILE = /\.(?:ts|mts|cts|js|mjs|cjs|py)$/;
const THIS_FILE = relative(REPO, import.meta.filename);

function sourceFiles(): string[] {
  const inRoots = SOURCE_ROOTS.flatMap((root) =>
    readdirSync(join(REPO, root), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
      .map((entry) => relative(REPO, join(entry.parentPath, entry.name))),
  );
  const atRoot = readdirSync(REPO, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => entry.name);
  return [...inRoots, ...atRoot].filter((path) => path !== THIS_FILE).sort();
}

/** Every line of `text` that narrates, as `path:line: text`, less the allowed ones. */
function narrationIn(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    if (!NARRATION.some((pattern) => pattern.test(line))) return [];
    if (ALLOWED.some((allowed) => allowed.path === path && line.includes(allowed.text))) return [];
    return [`${path}:${index + 1}: ${line.trim()}`];
  });
}

describe('present tense outside docs/history/', () => {
  it('catches each kind of narration, and not a use of the same words', () => {
    // Built from parts, so that this file carries no narration of its own for a reader or a search to trip on.
    const session = 'session';
    for (const narrated of [
      `fixed in ${session} 3`,
      `S${session.slice(1)} 10 measured it`,
      `${session}s 7 and 8 reported`,
      `as in ${session}`,
      `this ${session} adds`,
      `it no ${'longer'} hangs`,
      `the relay used ${'to'} resend`,
    ]) {
      expect(narrationIn('any.ts', narrated), narrated).toHaveLength(1);
    }
    for (const plain of [
      'const session = new ProbeSession()',
      'the probe session ends',
      'a value is used to name the cut',
      'Used as the name',
    ]) {
      expect(narrationIn('any.ts', plain), plain).toEqual([]);
    }
  });

  it('README.md and docs/ (but for docs/history/) say what is', () => {
    const pages = docPages();
    expect(pages.map(({ path }) => path)).toContain('README.md');
    expect(pages.some(({ path }) => path.startsWith('docs/history/'))).toBe(false);
    expect(pages.flatMap(({ path, text }) => narrationIn(path, text))).toEqual([]);
  });

  it('the code, its comments, strings and messages say what is', () => {
    const files = sourceFiles();
    expect(files).toContain('sim/engine/history.ts');
    expect(files).toContain('bench/bench.ts');
    expect(files.flatMap((path) => narrationIn(path, readFileSync(join(REPO, path), 'utf8')))).toEqual([]);
  });

  it('each allowed line is still there, so the list does not outlive its reason', () => {
    for (const { path, text } of ALLOWED) expect(readFileSync(join(REPO, path), 'utf8')).toContain(text);
  });
});
