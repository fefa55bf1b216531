import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How far up from this module package.json may be: sim/cli in the sources, dist/sim/cli when built. */
const LEVELS_UP_MAX = 4;

/**
 * cutpoint's version, from its own package.json. The file is found by going
 * up from this module, so the same code works from the TypeScript sources and
 * from dist/; a package.json of another name on the way (a user's project
 * around ours) is passed over.
 */
export function packageVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level <= LEVELS_UP_MAX; level++, folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'cutpoint' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No package.json at this level (or not JSON): look one level higher.
    }
  }
  throw new Error(`cutpoint's package.json not found within ${LEVELS_UP_MAX} levels above ${fileURLToPath(import.meta.url)}`);
}
