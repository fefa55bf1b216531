import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

/**
 * A copy of this checkout's package (package.json and dist/, built by the
 * tests' global setup) in `root`, whose better-sqlite3 has no compiled
 * binding, as after an install that skipped its install script. Every other
 * package is a symbolic link to this checkout's node_modules, which is never
 * written: better-sqlite3 is a copy of its package.json and lib/ only.
 */
export function cutpointWithoutBinding(root: string): { sim: string } {
  cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
  cpSync(join(REPO, 'dist'), join(root, 'dist'), { recursive: true });
  const modules = join(REPO, 'node_modules');
  mkdirSync(join(root, 'node_modules', 'better-sqlite3'), { recursive: true });
  for (const name of readdirSync(modules))
    if (name !== 'better-sqlite3') symlinkSync(join(modules, name), join(root, 'node_modules', name));
  for (const part of ['package.json', 'lib'])
    cpSync(join(modules, 'better-sqlite3', part), join(root, 'node_modules', 'better-sqlite3', part), { recursive: true });
  return { sim: join(root, 'dist', 'entry', 'sim.js') };
}
