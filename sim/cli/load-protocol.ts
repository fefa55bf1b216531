import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { protocolFromModule } from '../../protocols/module-shape.js';
import { findProtocol, PROTOCOLS, registerProtocol } from '../../protocols/registry.js';
import type { Protocol } from '../../protocols/types.js';
import { UsageError } from './errors.js';

const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** A --protocol value names a file (rather than a built-in) when it has a path separator or a module extension. */
export function looksLikePath(value: string): boolean {
  return value.includes('/') || MODULE_EXTENSIONS.includes(extname(value));
}

/** Each file is loaded once per process: a second --protocol of the same file gets the same protocol. */
const loadedFrom = new Map<string, Protocol>();

/**
 * Loads a user's protocol module: TypeScript through tsx's import API,
 * JavaScript with a plain import. Every problem is one UsageError sentence.
 */
export async function loadProtocolFile(value: string, cwd: string): Promise<Protocol> {
  const path = resolve(cwd, value);
  const cached = loadedFrom.get(path);
  if (cached) return cached;
  if (!existsSync(path)) throw new UsageError(`protocol file ${value} does not exist`);
  if (!MODULE_EXTENSIONS.includes(extname(path)))
    throw new UsageError(`protocol file ${value} must end in ${MODULE_EXTENSIONS.join(', ')}`);
  let exports: Record<string, unknown>;
  try {
    exports = (
      ['.ts', '.mts'].includes(extname(path))
        ? // tsx (and its esbuild) loads only when a TypeScript protocol is asked for: every other run starts faster.
          await (await import('tsx/esm/api')).tsImport(pathToFileURL(path).href, import.meta.url)
        : await import(pathToFileURL(path).href)
    ) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(`cannot load protocol file ${value}: ${reason}`);
  }
  const protocol = protocolFromModule(exports, value);
  if (typeof protocol === 'string') throw new UsageError(protocol);
  if (PROTOCOLS.some((builtIn) => builtIn.name === protocol.name)) {
    throw new UsageError(`${value}: the name '${protocol.name}' is taken by a built-in protocol; choose another`);
  }
  if (findProtocol(protocol.name)) throw new UsageError(`${value}: another loaded module is also named '${protocol.name}'; choose another`);
  registerProtocol(protocol);
  loadedFrom.set(path, protocol);
  return protocol;
}

/** Resolves --protocol values: built-in names, or files to load. */
export async function resolveProtocols(values: readonly string[], cwd: string): Promise<Protocol[]> {
  const protocols: Protocol[] = [];
  for (const value of values) {
    const protocol = looksLikePath(value) ? await loadProtocolFile(value, cwd) : findProtocol(value);
    if (!protocol) throw new UsageError(`unknown protocol '${value}'`);
    if (!protocols.includes(protocol)) protocols.push(protocol);
  }
  return protocols;
}
