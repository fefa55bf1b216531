import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as cutpoint from '../../entry/index.js';
import * as cutpointVitest from '../../entry/vitest.js';

const repo = resolve(import.meta.dirname, '../..');
/** The hand-written library reference: what each export does (the generated pages in docs/reference/api give the types). */
const REFERENCE = readFileSync(resolve(repo, 'docs/reference/library.md'), 'utf8');

/** The rows of the API reference table that follows `heading` in the page: first cell, as written. */
function firstCells(heading: string): string[] {
  const start = REFERENCE.indexOf(heading);
  if (start < 0) throw new Error(`docs/reference/library.md has no "${heading}"`);
  const table = /\n\|[^\n]*\n\|[-| ]+\n((?:\|[^\n]*\n)+)/.exec(REFERENCE.slice(start))![1]!;
  return table.split('\n').flatMap((row) => (row.startsWith('|') ? [row.split(' | ')[0]!.slice(2)] : []));
}

/** The names a cell gives as `name(…)` or `NAME`: what a user would import. */
function namesIn(cell: string): string[] {
  return [...cell.matchAll(/`([A-Za-z_]\w*)(?:\(|`)/g)].map((match) => match[1]!);
}

/** The type names an entry module re-exports (`type X`, or `export type { X, Y }`), following its `export *`. */
function typeExports(file: string): string[] {
  const source = readFileSync(resolve(repo, file), 'utf8');
  const names = [...source.matchAll(/export type \{([^}]*)\}/g)].flatMap((match) =>
    match[1]!.split(',').map((name) =>
      name
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
  names.push(...[...source.matchAll(/[{,]\s*type (\w+)/g)].map((match) => match[1]!));
  for (const star of source.matchAll(/export \* from '([^']+)\.js'/g)) {
    names.push(...typeExports(resolve(resolve(repo, file), '..', `${star[1]}.ts`).slice(repo.length + 1)));
  }
  return names.filter(Boolean);
}

describe('the library reference in docs/reference/library.md', () => {
  const cells = firstCells("`import { … } from 'cutpoint'`");
  const typesLine = REFERENCE.split('\n').find((line) => line.startsWith('| types |'))!;

  it('names every value `cutpoint` exports, and nothing it does not', () => {
    const named = cells.flatMap(namesIn);
    expect(named.sort()).toEqual(Object.keys(cutpoint).sort());
  });

  it('names every type `cutpoint` exports, in its types row or beside the value it goes with, and only those', () => {
    const reference = REFERENCE.slice(0, REFERENCE.indexOf("`import { … } from 'cutpoint/vitest'`"));
    const exported = [...new Set(typeExports('entry/index.ts'))].sort();
    expect(exported.length).toBeGreaterThan(20);
    for (const name of namesIn(typesLine)) expect(exported, `the types row names ${name}`).toContain(name);
    for (const name of exported) expect(reference, `cutpoint exports type ${name}`).toContain(`\`${name}\``);
  });

  it('names every export of `cutpoint/vitest`', () => {
    const named = firstCells("`import { … } from 'cutpoint/vitest'`").flatMap(namesIn);
    expect(named.sort()).toEqual(Object.keys(cutpointVitest).sort());
  });
});
