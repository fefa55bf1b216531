import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Family, FamilyProtocol } from './family.js';
import { InputError } from './input-error.js';

export const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** A protocol module that cannot be used: one sentence saying what to change. */
export class ProtocolFileError extends InputError {}

/**
 * Imports a user's module: TypeScript through tsx's import API, JavaScript
 * with a plain import. `instance` makes a fresh module instance (its own
 * top-level state) for each distinct value: a new process life must not see
 * what the crashed one kept in module variables.
 */
export async function importModule(path: string, instance?: string): Promise<Record<string, unknown>> {
  if (!existsSync(path)) throw new ProtocolFileError(`protocol file ${path} does not exist`);
  if (!MODULE_EXTENSIONS.includes(extname(path)))
    throw new ProtocolFileError(`protocol file ${path} must end in ${MODULE_EXTENSIONS.join(', ')}`);
  const url = pathToFileURL(path).href + (instance === undefined ? '' : `?instance=${encodeURIComponent(instance)}`);
  try {
    if (['.ts', '.mts'].includes(extname(path))) await registerTsx();
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new ProtocolFileError(`cannot load protocol file ${path}: ${loadFailure(path, error)}`);
  }
}

/**
 * Why an import failed, on one line. esbuild's "Transform failed with 1
 * error:" says where only on its next line, so that line is kept; a .ts file
 * whose TypeScript was not understood outside an ESM package gets the fix.
 */
export function loadFailure(path: string, error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const [first = '', next] = error.message.split('\n');
  const reason = first.endsWith(':') && next ? `${first} ${next.trim()}` : first;
  if (error.name === 'SyntaxError' && extname(path) === '.ts' && !inModulePackage(path))
    return `${reason} (a .ts file outside a package with "type": "module" is not loaded as an ES module: name it .mts)`;
  return reason;
}

/** Whether the nearest package.json above `path` says "type": "module". */
function inModulePackage(path: string): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
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

/** Loads a user's protocol file as a protocol of `family`, or throws one sentence saying what is wrong. */
export async function protocolFromFile<P extends FamilyProtocol>(
  family: Family<P, unknown, unknown>,
  path: string,
  shownAs: string,
  instance?: string,
): Promise<P> {
  const exports = await importModule(path, instance);
  const protocol = family.protocolFromModule(exports, shownAs);
  if (typeof protocol === 'string') throw new ProtocolFileError(protocol);
  return protocol;
}
