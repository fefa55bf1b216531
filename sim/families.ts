import type { Family, FamilyProtocol } from './engine/family.js';
import { handoverFamily } from './families/handover/family.js';
import { planFamily } from './families/plan/plan-family.js';
import { reservationFamily } from './families/reservation/family.js';

/**
 * Every family the engine can run, loaded at once: for the library and for
 * commands that show every family (`sim list`, `sim serve`). A command that
 * runs one family loads only it, through family-catalogue.ts, which names
 * the same families; nothing else in sim/ names a family.
 */
export const FAMILIES: readonly Family<FamilyProtocol, unknown, unknown>[] = [
  reservationFamily,
  planFamily,
  handoverFamily as unknown as Family<FamilyProtocol, unknown, unknown>,
];

export { DEFAULT_FAMILY } from './family-catalogue.js';

export function findFamily(name: string): Family<FamilyProtocol, unknown, unknown> | undefined {
  return FAMILIES.find((family) => family.name === name);
}

/** The family a built-in protocol belongs to, found by its name. */
export function familyOfProtocol(name: string): Family<FamilyProtocol, unknown, unknown> | undefined {
  return FAMILIES.find((family) => family.protocols.some((entry) => entry.protocol.name === name));
}
