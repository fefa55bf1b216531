import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { isWatched } from '../engine/heartbeat.js';
import { importModule, MODULE_EXTENSIONS } from '../engine/protocol-file.js';
import type { AnyFamily } from '../engine/run-case.js';
import { DEFAULT_FAMILY, FAMILY_ENTRIES, familyNameOfProtocol, findEntry, missingPeers } from '../families/index.js';
import { trialLoad } from '../process/trial-load.js';
import { InputError } from '../engine/input-error.js';
import { looksLikePath } from './load-protocol.js';

/**
 * The name of the family a command runs: the one named by --family, or else
 * the family of the built-in protocols named (they must agree), or the default.
 */
export function chooseFamilyName(named: string | undefined, protocolValues: readonly string[] = []): string {
  const builtIns = protocolValues.filter((value) => !looksLikePath(value));
  const implied = [...new Set(builtIns.map(familyNameOfProtocol).filter((name): name is string => name !== undefined))];
  if (named !== undefined) return named;
  if (implied.length > 1)
    throw new InputError(
      `the protocols named belong to different families (${implied.join(', ')}): run one family at a time, with --family`,
    );
  return implied[0] ?? DEFAULT_FAMILY;
}

/**
 * The family a command runs (chooseFamilyName), loaded: only that family's
 * modules are imported. Given only users' modules and no --family, the family
 * that claims the first of them (a LangGraph module exports its graph). A
 * family whose packages the user has not installed is one sentence with the
 * npm line that installs them.
 */
export async function chooseFamily(named: string | undefined, protocolValues: readonly string[], cwd: string): Promise<AnyFamily> {
  const onlyModules = named === undefined && protocolValues.length > 0 && protocolValues.every(looksLikePath);
  const name = (onlyModules ? await claimingFamily(protocolValues, cwd) : undefined) ?? chooseFamilyName(named, protocolValues);
  const entry = findEntry(name);
  if (!entry) throw new InputError(`unknown family '${name}'`);
  const missing = missingPeers(entry);
  if (missing.length > 0)
    throw new InputError(`family ${name} runs on ${missing.join(', ')}, not installed here: npm install ${missing.join(' ')}`);
  return entry.load();
}

/** The family whose entry claims one of these modules, each imported as a protocol is (its top level tried in a thread first). */
async function claimingFamily(values: readonly string[], cwd: string): Promise<string | undefined> {
  for (const value of values) {
    const path = resolve(cwd, value);
    if (!existsSync(path) || !MODULE_EXTENSIONS.includes(extname(path))) continue;
    if (!isWatched()) await trialLoad(path, value);
    const exports = await importModule(path, { shownAs: value });
    const claimed = FAMILY_ENTRIES.find((entry) => entry.claims?.(exports));
    if (claimed) return claimed.name;
  }
  return undefined;
}

/** Resolves --cut values (an index or a name) against the family's cuts. */
export function cutIndexes(family: AnyFamily, values: readonly string[] | undefined): number[] {
  if (!values) return family.cuts.map((_, index) => index);
  const indexes = values.map((value) => {
    const trimmed = value.trim();
    const index = /^\d+$/.test(trimmed) ? Number(trimmed) : family.cuts.findIndex((cut) => cut.name === trimmed);
    if (index < 0 || index >= family.cuts.length) {
      throw new InputError(
        `cut must be 0 to ${family.cuts.length - 1} or one of ${family.cuts.map((cut) => cut.name).join(', ')} (family ${family.name}); got '${value}'`,
      );
    }
    return index;
  });
  return [...new Set(indexes)].sort((a, b) => a - b);
}
