import type { FaultKind } from './suite.js';

/**
 * A family's fault kinds, each with the words a summary line prints for it
 * ("lost replies"): the one list of their names, from which the suite's
 * fault kinds, a run's tally and a property's `mustFire` type all come.
 */
export type FaultWords<K extends string> = Readonly<Record<K, string>>;

/** The kinds in the order a summary prints them. */
export function faultKindsOf<K extends string>(words: FaultWords<K>): FaultKind[] {
  return Object.entries<string>(words).map(([kind, text]) => ({ kind, words: text }));
}

/** A tally of one run with nothing fired yet. */
export function noFaults<K extends string>(words: FaultWords<K>): Record<K, number> {
  return Object.fromEntries(Object.keys(words).map((kind) => [kind, 0])) as Record<K, number>;
}
