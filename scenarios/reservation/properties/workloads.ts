import fc from 'fast-check';
import { linesRequest } from '../../../protocols/reservation/request-lines.js';
import type { Intention } from '../../../protocols/reservation/types.js';
import { BACKORDERED_PART, BLOCKED_TENANT, UNKNOWN_PART } from '../../../protocols/reservation/warehouse-refusals.js';
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

/**
 * A workload the warehouse refuses in part: a tenant it does not serve, a
 * part it never carried (both for good), a part out of stock until a restock
 * (for now), beside parts it applies. Distinct identities (tenant, key).
 */
export function refusalsWorkload(bounds: TrialBounds): fc.Arbitrary<Intention[]> {
  const intention = fc.record({
    tenant: fc.constantFrom(TENANTS[0], TENANTS[1], BLOCKED_TENANT),
    key: fc.constantFrom('k1', 'k2', 'k3'),
    params: fc.record({ part: fc.constantFrom('bolt', UNKNOWN_PART, BACKORDERED_PART), qty: fc.integer({ min: 1, max: 3 }) }),
  });
  return fc.uniqueArray(intention, { minLength: 1, maxLength: bounds.intentionsMax, selector: (i) => `${i.tenant}:${i.key}` });
}

/**
 * Updates to one or two reservation objects of one tenant, in the caller's
 * order: each object is reserved first, then changed or cancelled (a change
 * after a cancel, in this order, legitimately reserves it again). Every
 * update is its own intention with its own key. At least three, so that a
 * reserve, a change and a cancel of one object fit.
 */
export function orderedUpdatesWorkload(bounds: TrialBounds): fc.Arbitrary<Intention[]> {
  const step = fc.record({ object: fc.constantFrom('o1', 'o2'), qty: fc.integer({ min: 1, max: 3 }), cancel: fc.boolean() });
  return fc.array(step, { minLength: 2, maxLength: Math.max(3, bounds.intentionsMax) }).map((steps) => {
    const seen = new Set<string>();
    return steps.map(({ object, qty, cancel }, n): Intention => {
      const op = !seen.has(object) ? 'reserve' : cancel ? 'cancel' : 'change-quantity';
      seen.add(object);
      return { tenant: TENANTS[0], key: `u${n + 1}`, params: { part: 'bolt', qty: op === 'cancel' ? 0 : qty, update: { object, op } } };
    });
  });
}

/**
 * Requests of several lines (two or three parts each): parts the warehouse
 * applies, a part it never carried (refused for good) and a backordered one
 * (refused until the restock), so that one reply is often partial. Distinct
 * identities (tenant, key).
 */
export function linesWorkload(bounds: TrialBounds): fc.Arbitrary<Intention[]> {
  const line = fc.record({ part: fc.constantFrom('bolt', 'gear', UNKNOWN_PART, BACKORDERED_PART), qty: fc.integer({ min: 1, max: 3 }) });
  const request = fc.record({
    tenant: fc.constantFrom(...TENANTS),
    key: fc.constantFrom('k1', 'k2'),
    lines: fc.array(line, { minLength: 2, maxLength: 3 }),
  });
  return fc
    .uniqueArray(request, {
      minLength: 1,
      maxLength: Math.max(1, Math.min(2, bounds.intentionsMax)),
      selector: (r) => `${r.tenant}:${r.key}`,
    })
    .map((requests) => requests.map(({ tenant, key, lines }) => linesRequest(tenant, key, lines)));
}
