import { withTypeErrors } from './type-errors.js';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { chooseFamily } from '../app/family-choice.js';
import { resolveProtocols } from '../app/load-protocol.js';
import { findFamily, installedFamilies } from '../families/loaded.js';

/** A protocol as a user's test names it: a built-in name, a path to their module, or a file URL (`new URL('./p.ts', import.meta.url)`, or as a string). */
export type ProtocolRef = string | URL;

/** A family given by its name or as the value itself. */
export type FamilyRef = string | AnyFamily;

/** A protocol resolved for a library call: the loaded value, the module it came from, and how a replay line names it. */
export interface ResolvedProtocol {
  family: AnyFamily;
  protocol: FamilyProtocol;
  /** Absolute path of the user's module; undefined for a built-in. */
  file: string | undefined;
  /** How the CLI's `--protocol` option names it in a replay line: the built-in name or the module's path. */
  shownAs: string;
}

/**
 * The path or name a ref stands for: URLs become paths, relative paths are
 * taken from the current folder, as the CLI takes them. A file URL may come
 * as a string too (`import.meta.resolve('./p.ts')` gives one); it was once
 * taken as a relative path, `<cwd>/file:/…`, that does not exist.
 */
function refText(ref: ProtocolRef): string {
  return ref instanceof URL || ref.startsWith('file:') ? fileURLToPath(ref) : ref;
}

/** A file option (a plan file, a policy, a graph) as a path: given as protocols are, from the current folder or as a file URL. */
export function inputPath(ref: ProtocolRef | undefined): string | undefined {
  return ref === undefined ? undefined : refText(ref);
}

/**
 * Resolves a family ref, as the CLI resolves --family: the family named, or
 * else the one the protocols imply (a built-in's family, or the family that
 * claims the user's module: a LangGraph module exports its `graph`, an Agents
 * SDK module its `agent`), or the default. An unknown name is one sentence
 * naming the valid ones.
 */
export async function familyOf(ref: FamilyRef | undefined, protocols: readonly ProtocolRef[] = []): Promise<AnyFamily> {
  if (typeof ref === 'object') return ref;
  if (ref !== undefined && !(await findFamily(ref)))
    throw new TypeError(`unknown family '${ref}'; valid: ${(await installedFamilies()).map((family) => family.name).join(', ')}`);
  return chooseFamily(ref, protocols.map(refText), process.cwd());
}

/** Loads a protocol ref against a family, with the same checks `sim --protocol` makes (schema, name, extension). */
export function resolveProtocol(ref: ProtocolRef, family?: FamilyRef): Promise<ResolvedProtocol> {
  return withTypeErrors(() => resolveProtocolUnchecked(ref, family));
}

async function resolveProtocolUnchecked(ref: ProtocolRef, family?: FamilyRef): Promise<ResolvedProtocol> {
  const text = refText(ref);
  const chosen = await familyOf(family, [ref]);
  const cwd = process.cwd();
  const {
    protocols: [protocol],
    files,
  } = await resolveProtocols(chosen, [text], cwd);
  if (!protocol) throw new TypeError(`${text} names no protocol`);
  const file = files.get(protocol.name);
  return { family: chosen, protocol, file, shownAs: file === undefined ? protocol.name : resolve(cwd, text) };
}
