import type { FaultKind, PropertyResult } from './property-result.js';

/**
 * Why a property that held is unexercised, in one phrase: the faults it had
 * to see that never fired or, when every one fired, those that fired but
 * must not (each with its count, in the family's words where they are given).
 */
export function unexercisedWords(result: Pick<PropertyResult, 'unfired' | 'unwanted' | 'tally'>, kinds: readonly FaultKind[] = []): string {
  const words = new Map(kinds.map(({ kind, words }) => [kind, words]));
  const unwanted = result.unwanted ?? [];
  return [
    result.unfired.length > 0 ? `never fired: ${result.unfired.join(', ')}` : undefined,
    // A fault that never fired is the first reason; one that fired but must not is the reason when every fault fired.
    unwanted.length > 0 && result.unfired.length === 0
      ? `fired, but must not: ${unwanted.map((kind) => `${result.tally[kind] ?? 0} ${words.get(kind) ?? kind}`).join(', ')}`
      : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('; ');
}
