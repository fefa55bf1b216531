import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FAMILY_ENTRIES } from './index.js';

const REPO = join(import.meta.dirname, '..', '..');
const NAMES = FAMILY_ENTRIES.map((entry) => entry.name);

/** Every TypeScript file under `folder`, as a path from the repository's root. */
function sources(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .map((path) => join(folder, path));
}

/** A family's own files (its folders, its tests) and the registry: the files that may name it. */
function mayNameAFamily(path: string): boolean {
  return (
    /^(sim\/families|protocols|scenarios)\/[^/]+\//.test(path) ||
    path === 'sim/families/index.ts' ||
    path.endsWith('.test.ts') ||
    path.startsWith('sim/testing/')
  );
}

/**
 * The string literals of a source (template pieces too; comments are not
 * code) that name a family: the name itself (`family.name === 'handover'`),
 * or a path into its folders (an import of `../families/plan/…`).
 */
export function familyNamings(source: string, names: readonly string[]): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const found: string[] = [];
  const folder = new RegExp(`(^|/)(families|protocols|scenarios)/(${names.join('|')})(/|$)`);
  // Open braces inside each template substitution being read: the `}` that closes a substitution (none open inside
  // it) is rescanned, which reads the template's next piece as text.
  const substitutions: number[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const depth = substitutions.length - 1;
    if (token === ts.SyntaxKind.OpenBraceToken && depth >= 0) substitutions[depth]! += 1;
    else if (token === ts.SyntaxKind.CloseBraceToken && depth >= 0) {
      if (substitutions[depth] === 0) token = scanner.reScanTemplateToken(false);
      else substitutions[depth]! -= 1;
    }
    if (token === ts.SyntaxKind.TemplateHead) substitutions.push(0);
    if (token === ts.SyntaxKind.TemplateTail) substitutions.pop();
    const isText =
      token === ts.SyntaxKind.StringLiteral ||
      token === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      token === ts.SyntaxKind.TemplateHead ||
      token === ts.SyntaxKind.TemplateMiddle ||
      token === ts.SyntaxKind.TemplateTail;
    if (!isText) continue;
    const text = scanner.getTokenValue();
    if (names.includes(text) || folder.test(text)) found.push(text);
  }
  return found;
}

/**
 * Files outside the family folders that name a family, each with why: the
 * library's entry, and words that are not a family's name. A file that stops
 * naming one must leave the list; a new one fails.
 */
const KNOWN: Readonly<Record<string, readonly string[]>> = {
  // The library's entry (a composition root) exports each family's protocol types and building blocks by name.
  'entry/index.ts': [
    '../protocols/reservation/types.js',
    '../protocols/reservation/module-shape.js',
    '../scenarios/reservation/properties/definitions.js',
    '../protocols/plan/plan-loop.js',
    '../protocols/plan/seams.js',
    '../protocols/plan/correct-seams.js',
    '../protocols/plan/checkpoint-writes.js',
    '../protocols/plan/types.js',
    '../protocols/plan/plan.js',
    '../protocols/handover/harness.js',
    '../protocols/handover/types.js',
    '../protocols/handover/seams.js',
    '../protocols/handover/ticket.js',
    '../protocols/handover/store.js',
    '../protocols/handover/guardrails/rules.js',
    '../sim/families/handover/eval/judge.js',
    '../sim/families/handover/eval/suite.js',
  ],
  // runTable's own option named plan (TableOptions.plan), as the library's users write it: not the family's name.
  'sim/api/vitest.ts': ['plan'],
  // A schedule trace's event 'plan' (the check planned its chunks): not the family.
  'sim/check/schedule-trace.ts': ['plan'],
  'sim/app/check-all.ts': ['plan'],
};

describe('a family is named only by its own folders and the registry', () => {
  it('finds a name and a path into a family folder in code, and not in comments or prose', () => {
    const source = [
      "import { x } from '../families/plan/tool.js';",
      "if (family.name === 'handover') run(`--family ${'reservation'}`);",
      "// 'plan' in a comment, and 'the plan family' in prose: " + "'the plan family'",
      "const url = `http://x/${a}/protocols/handover/`;",
    ].join('\n');
    expect(familyNamings(source, ['reservation', 'plan', 'handover'])).toEqual([
      '../families/plan/tool.js',
      'handover',
      'reservation',
      '/protocols/handover/',
    ]);
  });

  it("finds every family's name in its own entry, so the scan reads the registry's names where they are", () => {
    for (const name of NAMES) expect(familyNamings(readFileSync(join(REPO, 'sim/families', name, 'entry.ts'), 'utf8'), NAMES)).toContain(name);
  });

  it('no generic file under sim/, reports/ or entry/ names one, but those listed with their reason', () => {
    const named: Record<string, string[]> = {};
    for (const path of [...sources('sim'), ...sources('reports'), ...sources('entry')].filter((path) => !mayNameAFamily(path))) {
      const found = familyNamings(readFileSync(join(REPO, path), 'utf8'), NAMES);
      if (found.length > 0) named[relative('.', path)] = found;
    }
    expect(named).toEqual(KNOWN);
  });
});
