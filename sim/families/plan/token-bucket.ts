/**
 * A token bucket on the virtual clock, in integer arithmetic: one token is
 * 60,000 units and the bucket refills `requestsPerMinute` units per virtual
 * ms, so the seed's plan limits (60, 120, 600, 1,200 requests a minute) refill
 * exactly and a run replays to the unit.
 */
export interface BucketLimit {
  requestsPerMinute: number;
  /** Tokens the bucket holds when full: how many calls may come at once. */
  burst: number;
}

export interface BucketState {
  units: number;
  refilledAtMs: number;
}

export const UNITS_PER_TOKEN = 60_000;

/** The seed's plan limits, in requests a minute. */
export const SEED_RATE_LIMITS = [60, 120, 600, 1_200] as const;

export function fullBucket(limit: BucketLimit, nowMs: number): BucketState {
  return { units: limit.burst * UNITS_PER_TOKEN, refilledAtMs: nowMs };
}

export type Take = { granted: true; state: BucketState } | { granted: false; state: BucketState; retryAfterMs: number };

/** Takes one token at `nowMs`, or says how long until one is there (the 429's Retry-After). */
export function takeToken(state: BucketState, limit: BucketLimit, nowMs: number): Take {
  const elapsedMs = Math.max(0, nowMs - state.refilledAtMs);
  const units = Math.min(limit.burst * UNITS_PER_TOKEN, state.units + elapsedMs * limit.requestsPerMinute);
  const refilled = { units, refilledAtMs: Math.max(nowMs, state.refilledAtMs) };
  if (units >= UNITS_PER_TOKEN) return { granted: true, state: { ...refilled, units: units - UNITS_PER_TOKEN } };
  return { granted: false, state: refilled, retryAfterMs: Math.ceil((UNITS_PER_TOKEN - units) / limit.requestsPerMinute) };
}
