import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');

/** The declaration files `npm pack` ships: dist/ without tests, sim/testing and bench (package.json "files"). */
function shippedDeclarations(folder = join(REPO, 'dist')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return [join(REPO, 'dist/sim/testing'), join(REPO, 'dist/bench')].includes(path) ? [] : shippedDeclarations(path);
    return entry.name.endsWith('.d.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The packages a declaration file imports (type imports too), by their package name. */
function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)].map((m) => m[1] ?? '');
  return specifiers
    .filter((s) => !s.startsWith('node:') && s !== 'cutpoint' && !s.startsWith('cutpoint/'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s)));
}

/** Whether a package brings its own types (a `types` or `typings` field, or types in its exports). */
function shipsTypes(name: string): boolean {
  const manifest = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as Record<string, unknown>;
  return (
    manifest['types'] !== undefined || manifest['typings'] !== undefined || JSON.stringify(manifest['exports'] ?? {}).includes('.d.ts')
  );
}

describe("the shipped types compile in a user's project", () => {
  it('every package they import is a dependency, and so is the @types package of one without types of its own', () => {
    const files = shippedDeclarations();
    expect(files.length).toBeGreaterThan(50);
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const packages = [...new Set(files.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))))].sort();
    expect(packages).toContain('better-sqlite3');
    for (const name of packages) {
      expect(Object.keys(manifest.dependencies), `${name} is imported by the shipped types`).toContain(name);
      if (shipsTypes(name)) continue;
      // better-sqlite3 ships none: without @types/better-sqlite3 installed with cutpoint, a strict project stops in our .d.ts.
      expect(existsSync(join(REPO, 'node_modules/@types', name)), `@types/${name} exists`).toBe(true);
      expect(Object.keys(manifest.dependencies), `@types/${name} is a dependency`).toContain(`@types/${name}`);
    }
  });
});
