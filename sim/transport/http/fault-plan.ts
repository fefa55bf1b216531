import { SeededRandom } from '../../engine/random.js';

/**
 * One fault the proxy injects into one request. Each is what a real network
 * or gateway does to a caller:
 * - `drop-reply`: forward, let the server answer in full, then close the
 *   caller's socket without a byte of the reply (the effect stays).
 * - `delay`: wait, then forward.
 * - `reset`: reset the caller's connection before forwarding anything.
 * - `server-error`: answer a 5xx without forwarding (a gateway's failure).
 * - `rate-limit`: answer 429 with Retry-After without forwarding.
 * - `slow-response`: forward, then hold the server's reply back for `ms`,
 *   past the caller's timeout.
 */
export type Fault =
  | { kind: 'none' }
  | { kind: 'drop-reply' }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  | { kind: 'server-error'; status: 500 | 502 | 503 }
  | { kind: 'rate-limit'; retryAfterS: number }
  | { kind: 'slow-response'; ms: number };

export type FaultKind = Fault['kind'];

/** What the proxy knows of a request when it picks a fault: its ordinal (1-based), method, path and headers. */
export interface ProxiedRequest {
  ordinal: number;
  method: string;
  path: string;
  headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** The header a simulation sets on a request to have the proxy fault exactly that one: `drop-reply` or `unavailable`. */
export const FAULT_HEADER = 'x-cutpoint-fault';

/**
 * The header on every answer the proxy makes itself (its problem's type:
 * `bad-gateway`, `unavailable`, `rate-limited`, `proxy-error`), so that a
 * caller judging the server behind it can tell the server's 502 from the
 * proxy's.
 */
export const PROXY_ANSWER_HEADER = 'x-cutpoint-proxy';

/**
 * Faults asked for by the request itself: a simulated run decides, on its
 * virtual clock and call ordinals, which call loses its reply or finds the
 * receiver unavailable, and the proxy carries it out on the real wire. A
 * header, not arm(), so that concurrent workers cannot take each other's fault.
 */
export const FAULTS_REQUESTED_BY_HEADER: FaultPlan = {
  faultFor({ headers }) {
    const asked = headers?.[FAULT_HEADER];
    if (asked === 'drop-reply') return { kind: 'drop-reply' };
    if (asked === 'unavailable') return { kind: 'server-error', status: 503 };
    return { kind: 'none' };
  },
};

/** Chooses the fault for each request; the proxy calls it once per request, in arrival order. */
export interface FaultPlan {
  faultFor(request: ProxiedRequest): Fault;
}

export const NO_FAULTS: FaultPlan = { faultFor: () => ({ kind: 'none' }) };

/** Faults by ordinal, e.g. `{ 2: { kind: 'drop-reply' } }`: exactly these requests, every other one untouched. */
export function scriptedFaults(byOrdinal: Readonly<Record<number, Fault>>): FaultPlan {
  return { faultFor: ({ ordinal }) => byOrdinal[ordinal] ?? { kind: 'none' } };
}

/** The share of writes (POST) that get each fault, from 0 to 1; their sum must not pass 1. */
export type FaultProbabilities = Partial<Record<Exclude<FaultKind, 'none'>, number>>;

/** How long the timed faults last, in real ms. */
export interface FaultDurations {
  delayMs: number;
  slowMs: number;
  retryAfterS: number;
}

/**
 * Faults drawn from a seeded source: the same seed and the same order of
 * arrivals give the same faults. Only writes (POST) are faulted, so the
 * oracle's GET /effects always answers.
 */
export function seededFaults(seed: number, probabilities: FaultProbabilities, durations: FaultDurations): FaultPlan {
  const total = Object.values(probabilities).reduce((sum, p) => sum + (p ?? 0), 0);
  if (total > 1 + 1e-9) throw new RangeError(`fault probabilities add up to ${total}, more than 1`);
  const random = new SeededRandom(seed);
  return {
    faultFor({ method }) {
      if (method !== 'POST') return { kind: 'none' };
      let draw = random.next();
      for (const [kind, p] of Object.entries(probabilities) as [Exclude<FaultKind, 'none'>, number][]) {
        if (draw < p) return timed(kind, durations);
        draw -= p;
      }
      return { kind: 'none' };
    },
  };
}

function timed(kind: Exclude<FaultKind, 'none'>, durations: FaultDurations): Fault {
  switch (kind) {
    case 'drop-reply':
    case 'reset':
      return { kind };
    case 'delay':
      return { kind, ms: durations.delayMs };
    case 'slow-response':
      return { kind, ms: durations.slowMs };
    case 'server-error':
      return { kind, status: 503 };
    case 'rate-limit':
      return { kind, retryAfterS: durations.retryAfterS };
  }
}
