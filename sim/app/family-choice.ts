import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { isWatched, watchedFamily } from '../engine/heartbeat.js';
import { importModule, MODULE_EXTENSIONS } from '../engine/protocol-file.js';
import type { AnyFamily } from '../engine/run-case.js';
import { claimingFamilies, DEFAULT_FAMILY, FAMILY_ENTRIES, familyNameOfProtocol, findEntry, missingPeers, type FamilyEntry } from '../families/index.js';
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
 * that claims them (a LangGraph module exports its graph, an OpenAI Agents
 * module its agent); a module no family claims is the default family's, and
 * one it refuses is told with what each claiming family's modules export. A
 * family whose packages the user has not installed is one sentence with the
 * npm line that installs them. `ahead` is what else the command loads for
 * the family (its property suite), loaded with it before any user's module.
 */
export async function chooseFamily(
  named: string | undefined,
  protocolValues: readonly string[],
  cwd: string,
  ahead?: (entry: FamilyEntry) => Promise<unknown>,
): Promise<AnyFamily> {
  const onlyModules = named === undefined && protocolValues.length > 0 && protocolValues.every(looksLikePath);
  const claims = onlyModules ? await moduleClaims(protocolValues, cwd, ahead) : undefined;
  const name = claims?.family ?? chooseFamilyName(named, protocolValues);
  const entry = findEntry(name);
  if (!entry) throw new InputError(`unknown family '${name}'`);
  const missing = missingPeers(entry);
  if (missing.length > 0)
    throw new InputError(`family ${name} runs on ${missing.join(', ')}, not installed here: npm install ${missing.join(' ')}`);
  const family = await entry.load();
  for (const { value, exports } of claims?.family === undefined ? (claims?.unclaimed ?? []) : []) {
    const refusal = family.protocolFromModule(exports, value);
    if (typeof refusal === 'string') throw new InputError(`${refusal}; ${otherFamilies(name)}`);
  }
  return family;
}

/** A user's module as imported, with the value that named it. */
interface ImportedModule {
  value: string;
  exports: Record<string, unknown>;
}

/**
 * The family that claims these modules, each imported as a protocol is (its
 * top level tried in a thread first), and the modules no family claims. A
 * module two families claim, or modules claimed by two families, is an
 * InputError: the command runs one family.
 */
async function moduleClaims(
  values: readonly string[],
  cwd: string,
  ahead?: (entry: FamilyEntry) => Promise<unknown>,
): Promise<{ family?: string; unclaimed: ImportedModule[] }> {
  const families = new Set<string>();
  const unclaimed: ImportedModule[] = [];
  for (const value of values) {
    const path = resolve(cwd, value);
    if (!existsSync(path) || !MODULE_EXTENSIONS.includes(extname(path))) continue;
    const first = families.size === 0 && unclaimed.length === 0;
    if (!isWatched()) {
      const claimants = await trialLoad(path, value);
      if (first && claimants !== undefined && claimants.length < 2) await loadAhead(claimants[0] ?? DEFAULT_FAMILY, ahead);
    } else if (first) await loadAhead(watchedFamily(), ahead);
    const exports = await importModule(path, { shownAs: value });
    const claimants = claimingFamilies(exports);
    if (claimants.length > 1)
      throw new InputError(
        `${value} could be a module of the ${claimants.join(' or the ')} family: give ${claimants.map((name) => `--family ${name}`).join(' or ')}`,
      );
    if (claimants[0] === undefined) unclaimed.push({ value, exports });
    else families.add(claimants[0]);
  }
  if (families.size > 1)
    throw new InputError(`the modules named belong to different families (${[...families].join(', ')}): run one family at a time`);
  const [family] = families;
  return family === undefined ? { unclaimed } : { family, unclaimed };
}

/**
 * Loads the family that claims the first module (as the trial thread, or a
 * watching parent, says) before this thread imports it: a module imported
 * after the loader hooks a user's module registers runs through them (a
 * tenth of a second or more for a family). It only loads early: the family
 * is chosen from the module's own exports below, and a family that fails to
 * load fails where chooseFamily loads it.
 */
async function loadAhead(name: string | undefined, ahead?: (entry: FamilyEntry) => Promise<unknown>): Promise<void> {
  const entry = name === undefined ? undefined : findEntry(name);
  if (entry && missingPeers(entry).length === 0) await Promise.all([entry.load(), ahead?.(entry)]).catch(() => undefined);
}

/** What the modules of the families that claim theirs export, for a refusal of a module no family claimed. */
function otherFamilies(refusing: string): string {
  const shapes = FAMILY_ENTRIES.filter((entry) => entry.name !== refusing && entry.moduleShape !== undefined).map(
    (entry) => `the ${entry.name} family's modules export ${entry.moduleShape}`,
  );
  return `no family claims it as its own (${shapes.join('; ')}): write the module of one family, or name it with --family`;
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
