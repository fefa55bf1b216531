import fc from 'fast-check';
import type { CrashPoint } from '../engine/injector.js';

/** Up to `livesMax - 1` crashes, the i-th in life i: the first attempt, then each recovery in turn. */
export function crashesByLife(crash: fc.Arbitrary<Omit<CrashPoint, 'life'>>, livesMax: number): fc.Arbitrary<CrashPoint[]> {
  return fc.array(crash, { maxLength: livesMax - 1 }).map((crashes) => crashes.map((point, life) => ({ life, ...point })));
}
