import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { ExpectedTable } from './run-table.js';

/**
 * What a table over a user's workload (the plan family's --plan) expects:
 * the reference rows were measured on the family's own workload and do not
 * apply, but a protocol that is correct or repaired, and a user's own one,
 * must still give N=1 at every cut; a flawed built-in is measured only.
 */
export function expectedOnOwnWorkload(family: AnyFamily, protocols: readonly FamilyProtocol[]): ExpectedTable {
  const judged = protocols.filter((protocol) => {
    const entry = family.protocols.find((candidate) => candidate.protocol.name === protocol.name);
    return entry === undefined || entry.status !== 'flawed';
  });
  return Object.fromEntries(judged.map((protocol) => [protocol.name, family.cuts.map(() => 1)]));
}
