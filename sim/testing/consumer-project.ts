import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultScratchParent } from '../process/scratch.js';
import { offlineProject, type LockEntry } from './offline-lock.js';

/** What every consumer project needs besides cutpoint: the test runner its tests run on. */
const TEST_RUNNER = 'vitest';

export interface ConsumerProject {
  folder: string;
}

/**
 * Packs this repository (dist/ must be built, as the tests' global setup
 * does) and installs the tarball into a fresh project in a temp folder, next
 * to vitest and the `packages` given (a framework family's peers), at the
 * versions of this repository's lock, with `npm ci --offline` from the npm
 * cache (offline-lock.ts says why not `npm install --offline`): nothing is
 * fetched from the network. A package the cache lacks fails the install with
 * one sentence naming it.
 * The folder is where sim's scratch is (/dev/shm when the machine has it): an
 * install writes thousands of files, and the project's tests their stores.
 */
export function installConsumerProject(repo: string, packages: readonly string[] = []): ConsumerProject {
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
    peerDependencies: manifest['peerDependencies'],
    peerDependenciesMeta: manifest['peerDependenciesMeta'],
  };
  const extra = [TEST_RUNNER, ...packages];
  const project = offlineProject(join(repo, 'package-lock.json'), join(folder, filename), entry as LockEntry, extra);
  writeFileSync(join(folder, 'package.json'), JSON.stringify(project.manifest, null, 2));
  writeFileSync(join(folder, 'package-lock.json'), JSON.stringify(project.lock, null, 2));
  try {
    // Install scripts off: better-sqlite3's would download a prebuilt binary from GitHub, which no cache holds.
    npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], folder);
  } catch (error) {
    const text = String((error as { stderr?: string }).stderr ?? error);
    const missing = /ENOTCACHED[\s\S]*?request to (\S+)/.exec(text)?.[1];
    rmSync(folder, { recursive: true, force: true });
    if (missing)
      throw new Error(
        `npm ci --offline of a consumer project needs ${missing}, which the npm cache lacks: run npm ci in ${repo} with the registry reachable (it caches every package of the lock), then this test again`,
      );
    throw error;
  }
  // The one compiled file no package in the cache holds: better-sqlite3's native binding, built when this repository was installed.
  const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  execFileSync('mkdir', ['-p', join(folder, 'node_modules/better-sqlite3/build/Release')]);
  if (!existsSync(join(repo, binding))) throw new Error(`${binding} is missing in ${repo}: run npm ci there first`);
  copyFileSync(join(repo, binding), join(folder, binding));
  return { folder };
}

/** One test of the consumer project's own suite, as vitest's JSON report gives it. */
export interface UserTestResult {
  title: string;
  status: string;
  failureMessages: string[];
}

/**
 * Runs the consumer project's vitest suite once (its own vitest, in its
 * folder) and returns its tests by title. A suite whose tests are meant to
 * fail makes vitest exit 1: the report says which failed and why.
 */
export function runUserTests(project: ConsumerProject, timeoutMs: number): (title: string) => UserTestResult | undefined {
  const out = join(project.folder, 'vitest.json');
  try {
    execFileSync(join(project.folder, 'node_modules/.bin/vitest'), ['run', '--reporter=json', `--outputFile=${out}`], {
      cwd: project.folder,
      stdio: 'ignore',
      timeout: timeoutMs,
    });
  } catch {
    // Failed tests are in the report; a suite that did not run leaves none, and reading it says so.
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { assertionResults: UserTestResult[] }[] };
  const tests = report.testResults.flatMap((file) => file.assertionResults);
  return (title) => tests.find((test) => test.title === title);
}
