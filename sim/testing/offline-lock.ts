import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  [field: string]: unknown;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The lock path a dependency `name` of the package at `from` resolves to: its own node_modules, then each parent's, as Node looks. */
function resolvePath(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The package.json and package-lock.json of a fresh CommonJS project that depends on the packed
 * cutpoint tarball (in the project's folder) and on `extra` (vitest, a framework's packages), copied
 * from cutpoint's own lock. `npm install --offline` asks for each package's full registry document,
 * which the cache does not hold where only `npm ci` filled it (npm ci asks for the abbreviated one,
 * and the cache answers only the kind of request it stored): it fails with ENOTCACHED on the first
 * such package. `npm ci --offline` asks what the repository's own `npm ci` asked, so a lock copied
 * from the repository's installs from the cache, tarballs checked by integrity.
 * Only what the project reaches is copied, so no dev tool of cutpoint's is installed.
 */
export function offlineProject(
  repoLockFile: string,
  tarball: string,
  cutpoint: LockEntry,
  extra: readonly string[],
): { manifest: Record<string, unknown>; lock: Record<string, unknown> } {
  const repo = JSON.parse(readFileSync(repoLockFile, 'utf8')) as Lockfile;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const packages: Record<string, LockEntry> = {};
  const pending: { from: string; name: string }[] = [
    ...Object.keys(cutpoint.dependencies ?? {}).map((name) => ({ from: '', name })),
    ...extra.map((name) => ({ from: '', name })),
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const path = resolvePath(repo.packages, next.from, next.name);
    if (path === undefined || packages[path]) continue;
    const { dev: _dev, devOptional: _devOptional, ...entry } = repo.packages[path] as LockEntry;
    packages[path] = entry;
    const optionalPeers = new Set(
      Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : [])),
    );
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of names) pending.push({ from: path, name });
  }
  const dependencies = {
    cutpoint: `file:${basename(tarball)}`,
    ...Object.fromEntries(extra.map((name) => [name, repo.packages[`node_modules/${name}`]?.version ?? '*'])),
  };
  packages['node_modules/cutpoint'] = { ...cutpoint, resolved: `file:${basename(tarball)}`, integrity };
  // CommonJS, as `npm init -y` writes a project: sim loads the user's .ts files as ES modules all the same.
  const manifest = { name: 'cutpoint-consumer', version: '1.0.0', private: true, type: 'commonjs', dependencies };
  return {
    manifest,
    lock: {
      name: manifest.name,
      version: manifest.version,
      lockfileVersion: 3,
      packages: { '': { name: manifest.name, version: manifest.version, dependencies }, ...packages },
    },
  };
}
