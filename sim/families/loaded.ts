import type { AnyFamily } from '../engine/run-case.js';
import { missingPeers, type FamilyEntry } from './family-entry.js';
import { FAMILY_ENTRIES } from './index.js';


/** The families of these entries whose peer packages are installed, loaded, in the entries' order. */
export async function loadInstalled(entries: readonly FamilyEntry[], resolves?: (name: string) => boolean): Promise<AnyFamily[]> {
  return Promise.all(entries.filter((entry) => missingPeers(entry, resolves).length === 0).map((entry) => entry.load()));
}

/**
 * Every family of the registry, loaded at once: for the library (whose
 * `FAMILIES` is a value, not a promise) and for what looks at every family
 * (`sim show` finding a case's family, the HTTP receivers). A command that
 * runs one family loads only it, through the registry. A framework family
 * whose packages the user has not installed is not among them.
 */
export const FAMILIES: readonly AnyFamily[] = await loadInstalled(FAMILY_ENTRIES);

export function findFamily(name: string): AnyFamily | undefined {
  return FAMILIES.find((family) => family.name === name);
}
