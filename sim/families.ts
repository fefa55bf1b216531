import type { Family, FamilyProtocol } from './engine/family.js';
import { handoverFamily } from './handover/family.js';
import { planFamily } from './plan/plan-family.js';
import { reservationFamily } from './reservation/family.js';

/**
 * Every family the engine can run, by name. Adding a family is adding its
 * folders and one line here; nothing else in sim/ names a family.
 */
export const FAMILIES: readonly Family<FamilyProtocol, unknown, unknown>[] = [
  reservationFamily,
  planFamily,
  handoverFamily as unknown as Family<FamilyProtocol, unknown, unknown>,
];

export const DEFAULT_FAMILY = 'reservation';

export function findFamily(name: string): Family<FamilyProtocol, unknown, unknown> | undefined {
  return FAMILIES.find((family) => family.name === name);
}

/** The family a built-in protocol belongs to, found by its name. */
export function familyOfProtocol(name: string): Family<FamilyProtocol, unknown, unknown> | undefined {
  return FAMILIES.find((family) => family.protocols.some((entry) => entry.protocol.name === name));
}
