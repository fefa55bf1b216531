import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultScratchParent } from '../process/scratch.js';
import { offlineProject, type LockEntry } from './offline-lock.js';

/** What a consumer project needs besides cutpoint: the test runner its tests run on. */
const CONSUMER_EXTRA = ['vitest'];

export interface ConsumerProject {
  folder: string;
  /** Set when the npm cache lacks a package the install needs: the test says so and skips, never silently. */
  missing?: string;
}

/**
 * Packs this repository (dist/ must be built, as the tests' global setup
 * does) and installs the tarball into a fresh project in a temp folder, with
 * `npm ci --offline` from the npm cache: nothing is fetched from the network.
 * The folder is where sim's scratch is (/dev/shm when the machine has it): an
 * install writes thousands of files, and the project's tests their stores.
 */
export function installConsumerProject(repo: string): ConsumerProject {
  const folder = mkdtempSync(join(defaultScratchParent(), 'cutpoint-consumer-'));
  const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // Scripts off: dist/ is already built, and `prepare` would rebuild it for nothing.
  const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', folder], repo)) as { filename: string }[];
  const filename = packed[0]?.filename;
  if (filename === undefined) throw new Error('npm pack named no tarball');
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<string, unknown>;
  const entry = {
    version: manifest['version'],
    license: manifest['license'],
    dependencies: manifest['dependencies'],
    engines: manifest['engines'],
    bin: manifest['bin'],
  };
  const project = offlineProject(join(repo, 'package-lock.json'), join(folder, filename), entry as LockEntry, CONSUMER_EXTRA);
  writeFileSync(join(folder, 'package.json'), JSON.stringify(project.manifest, null, 2));
  writeFileSync(join(folder, 'package-lock.json'), JSON.stringify(project.lock, null, 2));
  try {
    // Install scripts off: better-sqlite3's would download a prebuilt binary from GitHub, which no cache holds.
    npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], folder);
  } catch (error) {
    const text = String((error as { stderr?: string }).stderr ?? error);
    const missing = /ENOTCACHED[\s\S]*?request to (\S+)/.exec(text)?.[1];
    if (missing) return { folder, missing };
    throw error;
  }
  // The one compiled file no package in the cache holds: better-sqlite3's native binding, built when this repository was installed.
  const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  execFileSync('mkdir', ['-p', join(folder, 'node_modules/better-sqlite3/build/Release')]);
  if (!existsSync(join(repo, binding))) throw new Error(`${binding} is missing in ${repo}: run npm ci there first`);
  copyFileSync(join(repo, binding), join(folder, binding));
  return { folder };
}
