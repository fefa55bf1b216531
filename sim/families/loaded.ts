import type { AnyFamily } from '../engine/run-case.js';
import { FAMILY_ENTRIES } from './index.js';

/**
 * Every family of the registry, loaded at once: for the library (whose
 * `FAMILIES` is a value, not a promise) and for what looks at every family
 * (`sim show` finding a case's family, the HTTP receivers). A command that
 * runs one family loads only it, through the registry.
 */
export const FAMILIES: readonly AnyFamily[] = await Promise.all(FAMILY_ENTRIES.map((entry) => entry.load()));

export function findFamily(name: string): AnyFamily | undefined {
  return FAMILIES.find((family) => family.name === name);
}

