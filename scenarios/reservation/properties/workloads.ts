import fc from 'fast-check';
import type { Intention } from '../../../protocols/reservation/types.js';
import { distinctIntentions, intentionArb, TENANTS, type TrialBounds } from './arbitraries.js';

function otherTenant(tenant: string): string {
  return tenant === TENANTS[0] ? TENANTS[1] : TENANTS[0];
}

function identity(intention: Intention): string {
  return `${intention.tenant}:${intention.key}:${intention.params.part}:${intention.params.qty}`;
}

/** Drops exact repeats: the same (tenant, key, params) twice is one intention presented twice. */
function uniqueIntentions(intentions: Intention[]): Intention[] {
  const seen = new Set<string>();
  return intentions.filter((intention) => !seen.has(identity(intention)) && Boolean(seen.add(identity(intention))));
}

/**
 * A workload around one intention: optionally a twin that reuses its key
 * with other params (same tenant), optionally a twin with the same key and
 * params under the other tenant, plus a few unrelated intentions, in a
 * generated order (the order decides which twin reaches the warehouse first).
 */
export function twinsWorkload(bounds: TrialBounds, twins: { reusedKey: boolean; otherTenant: boolean }): fc.Arbitrary<Intention[]> {
  return fc
    .record({ base: intentionArb, extra: distinctIntentions({ ...bounds, intentionsMax: Math.max(1, bounds.intentionsMax - 2) }) })
    .chain(({ base, extra }) => {
      const all = uniqueIntentions([
        base,
        ...(twins.reusedKey ? [{ ...base, params: { ...base.params, qty: (base.params.qty % 3) + 1 } }] : []),
        ...(twins.otherTenant ? [{ ...base, tenant: otherTenant(base.tenant) }] : []),
        ...extra,
      ]);
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
}
