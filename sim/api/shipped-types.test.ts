import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
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
  it('every package they import is a dependency (or an optional peer of a framework family), and so is the @types package of one without types of its own', () => {
    const files = shippedDeclarations();
    expect(files.length).toBeGreaterThan(50);
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    // A framework family's packages are the user's (optional peers): only that family's own declarations import them.
    const optionalPeers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional);
    const packages = [...new Set(files.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))))].sort();
    expect(packages).toContain('better-sqlite3');
    for (const name of packages) {
      if (optionalPeers.includes(name)) continue;
      expect(Object.keys(manifest.dependencies), `${name} is imported by the shipped types`).toContain(name);
      if (shipsTypes(name)) continue;
      // better-sqlite3 ships none: without @types/better-sqlite3 installed with cutpoint, a strict project stops in our .d.ts.
      expect(existsSync(join(REPO, 'node_modules/@types', name)), `@types/${name} exists`).toBe(true);
      expect(Object.keys(manifest.dependencies), `@types/${name} is a dependency`).toContain(`@types/${name}`);
    }
  });
});

describe('the package is readable where its stacks and maps point', () => {
  it("every source map it ships names sources it ships too: a stack frame or a go-to-definition in a user's editor opens a real file", () => {
    // --ignore-scripts: the list of files only, without the prepare build (dist/ is built before the tests).
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' });
    expect(pack.status, pack.stderr).toBe(0);
    const [listing] = JSON.parse(pack.stdout) as { files: { path: string }[] }[];
    const shipped = new Set((listing?.files ?? []).map((file) => file.path));
    const maps = [...shipped].filter((path) => path.endsWith('.map'));
    // .js.map for stacks, .d.ts.map for go-to-definition.
    expect(maps.filter((path) => path.endsWith('.d.ts.map')).length).toBeGreaterThan(50);
    const missing = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(REPO, map), 'utf8')) as { sources: string[] };
      return sources.map((source) => posix.normalize(posix.join(dirname(map), source))).filter((source) => !shipped.has(source));
    });
    expect(missing).toEqual([]);
    expect([...shipped].filter((path) => path.includes('.test.') || path.includes('sim/testing/'))).toEqual([]);
    // The consumer test's packing and offline install are test tools: they are not shipped.
    expect([...shipped].filter((path) => /consumer-project|offline-lock/.test(path))).toEqual([]);
  });
});
