import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import type { Policy } from '../../../protocols/handover/types.js';
import { InputError } from '../../engine/input-error.js';
import { importModule } from '../../engine/protocol-file.js';

const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** Each file is loaded once per process. */
const loaded = new Map<string, Policy>();

/**
 * Loads a user's policy module: a module whose `default` or `policy` export
 * has `respond(conversation, tools)` (and optionally a `name`), loaded as a
 * protocol file is (importModule). Every problem is one InputError sentence.
 */
/**
 * The same, first imported once in a thread of its own (sim/process/trial-load.ts), so a top level that
 * loops, exits or waits forever is one sentence: for a command's own first load, not each life's.
 */
export async function loadPolicyModuleChecked(path: string, cwd = process.cwd()): Promise<Policy> {
  const absolute = resolve(cwd, path);
  if (!loaded.has(absolute) && existsSync(absolute) && MODULE_EXTENSIONS.includes(extname(absolute)))
    await (await import('../../process/trial-load.js')).trialLoad(absolute, path, 'policy');
  return loadPolicyModule(path, cwd);
}

export async function loadPolicyModule(path: string, cwd = process.cwd()): Promise<Policy> {
  const absolute = resolve(cwd, path);
  const cached = loaded.get(absolute);
  if (cached) return cached;
  const exports = await importModule(absolute, { kind: 'policy', shownAs: path });
  const candidate = (exports.policy ?? exports.default) as Partial<Policy> | undefined;
  if (!candidate || typeof candidate.respond !== 'function') {
    throw new InputError(`policy file ${path} must export (as default or as policy) an object with respond(conversation, tools)`);
  }
  const policy: Policy = { name: typeof candidate.name === 'string' ? candidate.name : path, respond: candidate.respond.bind(candidate) };
  loaded.set(absolute, policy);
  return policy;
}
