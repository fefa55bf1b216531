import { join } from 'node:path';
import { checkSuiteProperty, type CheckOptions, type PropertyResult } from './check-property.js';
import type { CheckChunk } from './chunks.js';
import { traceSchedule } from './schedule-trace.js';
import type { PropertyDefinition, PropertySuite } from './suite.js';

/** The options of one chunk's run: those of a property's check, less the runs and seed the chunk fixes. */
export type ChunkOptions<B> = Omit<CheckOptions<B>, 'runs' | 'seed'>;

/**
 * Runs one chunk of a property: a fast-check run of the chunk's runs from the
 * chunk's seed, in a scratch folder of its own (chunks of one property may run
 * at once in two worker processes). Its result carries its chunk's verdict, for
 * mergeChunks.
 */
export async function checkChunk<T, B>(
  suite: PropertySuite<T, B>,
  definition: PropertyDefinition<T, B>,
  chunk: CheckChunk,
  options: ChunkOptions<B>,
): Promise<PropertyResult<T>> {
  let executed = 0;
  traceSchedule('chunk-start', { chunk: chunk.index });
  const result = await checkSuiteProperty(suite, definition, {
    ...options,
    runs: chunk.runs,
    seed: chunk.seed,
    scratch: join(options.scratch, `chunk-${chunk.index}`),
    onRun: (progress) => {
      executed = progress.executed;
      options.onRun?.(progress);
    },
  });
  traceSchedule('chunk-end', { chunk: chunk.index });
  const failed = result.outcome === 'failed' || result.outcome === 'found';
  result.chunks = [
    {
      index: chunk.index,
      seed: chunk.seed,
      runs: result.runs,
      failed,
      shrinks: result.shrinks,
      executed,
      timeMs: result.timeMs,
      tally: result.tally,
      ...(result.firstNote === undefined ? {} : { firstNote: result.firstNote }),
    },
  ];
  return result;
}
