import type { AnyFamily } from '../engine/run-case.js';
import { missingPeers, type FamilyEntry } from './family-entry.js';
import { FAMILY_ENTRIES, findEntry } from './index.js';

/** The families of these entries whose peer packages are installed, loaded, in the entries' order. */
export async function loadInstalled(entries: readonly FamilyEntry[], resolves?: (name: string) => boolean): Promise<AnyFamily[]> {
  return Promise.all(entries.filter((entry) => missingPeers(entry, resolves).length === 0).map((entry) => entry.load()));
}

let installed: Promise<readonly AnyFamily[]> | undefined;

/**
 * Every family of the registry whose packages are installed, loaded once and
 * on first call: for the library and for what looks at every family (`sim
 * show` finding a case's family, the HTTP receivers, `sim list`). Importing
 * this module loads no family: a framework family's packages (hundreds of
 * modules) load only when something asks for every family, or for that one.
 */
export function installedFamilies(): Promise<readonly AnyFamily[]> {
  return (installed ??= loadInstalled(FAMILY_ENTRIES));
}

/** The family named `name`, loaded alone; undefined when no family has that name or its packages are not installed. */
export async function findFamily(name: string): Promise<AnyFamily | undefined> {
  const entry = findEntry(name);
  return entry && missingPeers(entry).length === 0 ? entry.load() : undefined;
}
