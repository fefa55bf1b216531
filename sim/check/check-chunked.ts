import { mapWorkers, type Slot } from '../process/pool.js';
import type { PropertyResult } from './check-property.js';
import type { CheckChunk } from './chunks.js';
import { mergeChunks } from './merge-chunks.js';

/** Runs one chunk somewhere (this process, a worker process: that one says when it has loaded) and returns its result with its chunk's verdict. */
export type ChunkRunner = ((chunk: CheckChunk, onRun: (progress: RunProgress) => void) => Promise<PropertyResult>) & Slot;

/** A chunk's runs so far (shrinking included), and whether it is shrinking a failure. */
export interface RunProgress {
  executed: number;
  failing: boolean;
}

export interface ChunkedCheck {
  /** The properties this runner has chunks of, in the order given, each merged once all its chunks are in. */
  properties: { name: string; result: Promise<PropertyResult> }[];
  /** Settles when every chunk has run or been skipped; rejects with the first chunk that threw. */
  done: Promise<void>;
}

/**
 * Runs the chunks on the runners (one chunk at a time each), and merges each
 * property's chunks as soon as they are all in. A chunk whose property already
 * failed in an earlier chunk is skipped when its turn comes: the merge would
 * leave it out anyway, so skipping saves time and changes no verdict.
 */
export function checkChunked(
  chunks: readonly CheckChunk[],
  runners: readonly ChunkRunner[],
  printedSeed: number,
  onRun: (chunk: CheckChunk, progress: RunProgress) => void,
): ChunkedCheck {
  const names = [...new Set(chunks.map((chunk) => chunk.property))];
  const states = new Map(
    names.map((name) => {
      let settle!: { resolve: (result: PropertyResult) => void; reject: (error: unknown) => void };
      const result = new Promise<PropertyResult>((resolve, reject) => (settle = { resolve, reject }));
      // A run that throws rejects `done`; the properties still waiting reject with it, and need no handler of their own.
      result.catch(() => {});
      const left = chunks.filter((chunk) => chunk.property === name).length;
      return [name, { result, settle, left, parts: [] as PropertyResult[], failedAt: Number.POSITIVE_INFINITY }];
    }),
  );
  const done = mapWorkers(chunks, runners, async (runner, chunk) => {
    const state = states.get(chunk.property)!;
    if (chunk.index < state.failedAt) {
      const part = await runner(chunk, (progress) => onRun(chunk, progress));
      state.parts.push(part);
      if (part.chunks?.some((verdict) => verdict.failed)) state.failedAt = Math.min(state.failedAt, chunk.index);
    } else {
      // Skipped: its runs are accounted for, so that a progress line still ends at its total.
      onRun(chunk, { executed: chunk.runs, failing: false });
    }
    if (--state.left === 0) state.settle.resolve(mergeChunks(state.parts, printedSeed));
  }).then(
    () => undefined,
    (error: unknown) => {
      for (const state of states.values()) state.settle.reject(error);
      throw error;
    },
  );
  return { properties: names.map((name) => ({ name, result: states.get(name)!.result })), done };
}
