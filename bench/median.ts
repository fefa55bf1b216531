import { performance } from 'node:perf_hooks';

/** One line of a family's speed block: what was timed, its median, and what it is beside the others. */
export interface BenchRow {
  what: string;
  ms: number;
  note: string;
}

/** Prints a family's speed block: its title, then each row's median and note. */
export function printBenchRows(title: string, rows: readonly BenchRow[]): void {
  console.log(`\n${title}`);
  for (const r of rows) console.log(`${r.what.padEnd(70)} ${r.ms.toFixed(1).padStart(8)} ms  ${r.note}`);
}

/** The middle value (the upper one of an even count): one slow sample on a busy machine does not move it. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The median wall time of `repeats` runs of `work`, one after another. Real time on purpose: it is what is measured. */
export async function medianMs(repeats: number, work: (i: number) => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
}
