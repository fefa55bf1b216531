/**
 * A seeded random source (mulberry32). Small, fast and reproducible: the same
 * seed gives the same sequence on every machine.
 */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`empty range [${min}, ${max}]`);
    return min + Math.floor(this.next() * (max - min + 1));
  }
}
