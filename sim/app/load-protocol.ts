import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { isWatched } from '../engine/heartbeat.js';
import { MODULE_EXTENSIONS, protocolFromFile } from '../engine/protocol-file.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { InputError } from '../engine/input-error.js';
import { trialLoad } from '../process/trial-load.js';

/** A protocol's name is a folder name in every run (at most 255 bytes on Linux); this leaves room and stays readable in a table. */
const PROTOCOL_NAME_LENGTH_MAX = 64;

/** A --protocol value names a file (rather than a built-in) when it has a path separator or a module extension. */
export function looksLikePath(value: string): boolean {
  return value.includes('/') || MODULE_EXTENSIONS.includes(extname(value));
}

/** The protocols of one command: built-ins of the family, and users' modules with the file each came from. */
export interface ResolvedProtocols {
  protocols: FamilyProtocol[];
  /** Protocol name → absolute path of the module it was loaded from (kill mode and stress load it afresh per life). */
  files: Map<string, string>;
}

/**
 * Resolves --protocol values against a family: built-in names, or files to
 * load as protocols of that family. Every problem is one InputError sentence.
 */
export async function resolveProtocols(family: AnyFamily, values: readonly string[], cwd: string): Promise<ResolvedProtocols> {
  const resolved: ResolvedProtocols = { protocols: [], files: new Map() };
  for (const value of values) {
    let protocol: FamilyProtocol | undefined;
    if (looksLikePath(value)) {
      const path = resolve(cwd, value);
      // A watched child's parent ran this trial already, and its watchdog bounds this process: a second trial would
      // only run the module's top level once more.
      if (!isWatched() && existsSync(path) && MODULE_EXTENSIONS.includes(extname(path))) await trialLoad(path, value);
      protocol = await protocolFromFile(family, path, value);
      checkOrchestratorSchema(family.orchestratorSchema(protocol), value);
      if (protocol.name.length > PROTOCOL_NAME_LENGTH_MAX) {
        throw new InputError(
          `${value}: the protocol's name is longer than ${PROTOCOL_NAME_LENGTH_MAX} characters; it names a folder of every run, choose a shorter one`,
        );
      }
      if (family.protocols.some((entry) => entry.protocol.name === protocol?.name)) {
        throw new InputError(`${value}: the name '${protocol.name}' is taken by a built-in protocol; choose another`);
      }
      const other = resolved.files.get(protocol.name);
      if (other !== undefined && other !== path)
        throw new InputError(`${value}: another loaded module is also named '${protocol.name}'; choose another`);
      resolved.files.set(protocol.name, path);
    } else {
      protocol = family.protocols.find((entry) => entry.protocol.name === value)?.protocol;
      if (!protocol) {
        throw new InputError(
          `unknown protocol '${value}' in family ${family.name}; valid: ${family.protocols.map((entry) => entry.protocol.name).join(', ')}, or a path to your own module`,
        );
      }
    }
    if (!resolved.protocols.some((known) => known.name === protocol.name)) resolved.protocols.push(protocol);
  }
  return resolved;
}

/**
 * Runs the orchestrator schema a user's protocol brings (its localSchema)
 * once on a throw-away in-memory database, so a typo in their SQL is told as
 * one line naming their file, before any run folder exists, instead of
 * failing deep inside the first case.
 */
function checkOrchestratorSchema(schema: string, value: string): void {
  const scratch = new Database(':memory:');
  try {
    scratch.exec(schema);
  } catch (error) {
    throw new InputError(`${value}: its localSchema is not valid SQL: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    scratch.close();
  }
}
