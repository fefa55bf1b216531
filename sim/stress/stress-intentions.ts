import type { Intention } from '../../protocols/types.js';

/** The intentions of a stress trial: one tenant, distinct keys, the same part. */
export function stressIntentions(count: number): Intention[] {
  return Array.from({ length: count }, (_, n) => ({ tenant: 'tenantA', key: `reserve${n + 1}`, params: { part: 'spare-part-7', qty: 1 } }));
}

/** Worker `index`'s share of the intentions (every workers-th one), which it presents as the caller. */
export function shareOf(intentions: readonly Intention[], workers: number, index: number): Intention[] {
  return intentions.filter((_, n) => n % workers === index);
}
