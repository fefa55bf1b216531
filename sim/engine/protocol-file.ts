import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Family, FamilyProtocol } from './family.js';
import { InputError } from './input-error.js';
import { registerUserModuleHooks } from './user-module-hooks.js';

export const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** A protocol module that cannot be used: one sentence saying what to change. */
export class ProtocolFileError extends InputError {}

/**
 * Imports a user's module: TypeScript through tsx's loader, JavaScript with
 * a plain import, both through the hooks that resolve `cutpoint` to the
 * running cutpoint and load .ts as ESM (sim/engine/user-module-hooks.ts).
 * `instance` makes a fresh module instance (its own top-level state) for
 * each distinct value: a new process life must not see what the crashed one
 * kept in module variables. Errors name the file as `kind` and `shownAs`.
 */
export async function importModule(
  path: string,
  { instance, kind = 'protocol', shownAs = path }: { instance?: string; kind?: string; shownAs?: string } = {},
): Promise<Record<string, unknown>> {
  if (!existsSync(path)) throw new ProtocolFileError(`${kind} file ${shownAs} does not exist`);
  if (!MODULE_EXTENSIONS.includes(extname(path)))
    throw new ProtocolFileError(`${kind} file ${shownAs} must end in ${MODULE_EXTENSIONS.join(', ')}`);
  const url = pathToFileURL(path).href + (instance === undefined ? '' : `?instance=${encodeURIComponent(instance)}`);
  try {
    if (['.ts', '.mts'].includes(extname(path))) await registerTsx();
    registerUserModuleHooks();
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new ProtocolFileError(`cannot load ${kind} file ${shownAs}: ${loadFailure(error)}`);
  }
}

/**
 * Why an import failed, on one line; a package the module imports that is
 * not installed is named with the npm line that installs it. esbuild's "Transform failed with 1
 * error:" says where only on its next line, so that line is kept.
 */
function loadFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const [first = '', next] = error.message.split('\n');
  const missing = /^Cannot find package '((?:@[^/']+\/)?[^/']+)/.exec(first)?.[1];
  if (missing) return `it imports ${missing}, which is not installed: npm install ${missing}`;
  return first.endsWith(':') && next ? `${first} ${next.trim()}` : first;
}

let tsx: Promise<void> | undefined;

/**
 * tsx's loader hooks, registered once and only when a TypeScript protocol is
 * asked for (every other run starts faster). Registered for the process, a
 * fresh instance per life is a plain import of a new URL: about 5 ms, where
 * tsx's scoped tsImport costs about 40 ms an instance.
 */
function registerTsx(): Promise<void> {
  tsx ??= import('tsx/esm/api').then((api) => {
    api.register();
  });
  return tsx;
}

/**
 * Loads a user's protocol file as a protocol of `family`, or throws one
 * sentence saying what is wrong. A module that exports no `name` is named
 * after its file (`my-graph.ts` is `my-graph`).
 */
export async function protocolFromFile<P extends FamilyProtocol>(
  family: Family<P, unknown, unknown>,
  path: string,
  shownAs: string,
  instance?: string,
): Promise<P> {
  const exports = await importModule(path, { instance });
  const protocol = family.protocolFromModule(exports.name === undefined ? { ...exports, name: basename(path, extname(path)) } : exports, shownAs);
  if (typeof protocol === 'string') throw new ProtocolFileError(protocol);
  return protocol;
}
