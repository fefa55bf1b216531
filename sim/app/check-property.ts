import { join } from 'node:path';
import { timeline } from '../../reports/timeline.js';
import { checkChunk } from '../check/check-chunk.js';
import { checkChunked, type ChunkRunner } from '../check/check-chunked.js';
import type { PropertyResult } from '../check/check-property.js';
import { propertyChunks } from '../check/chunks.js';
import { replayLine } from '../check/replay-line.js';
import { replayProperty } from '../check/replay-property.js';
import type { PropertyDefinition } from '../check/suite.js';
import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { createRunFolder } from '../results/run-folder.js';
import type { CheckRequest } from './check-request.js';

/** What a counterexample needs to be understood and replayed. */
export interface Counterexample {
  /** `npx sim check ... --seed S --path P`: replays exactly this run, keeping its files. */
  replay: string;
  /** The generated trial, in words. */
  trial: string;
  /** The replayed run's history: virtual ms, worker, event. */
  timeline: string;
  violation: string;
  /** Where the replayed run's SQLite files and history.jsonl are kept. */
  folder: string;
}

/** A property's result as results.json holds it, and for a failure, its counterexample ready to print. */
export type PropertyCheck = PropertyResult & { failure?: Counterexample };

/**
 * Checks one property of a request with fast-check, in this process, cut
 * into the chunks `sim check` cuts it into (chunks.ts: seeds derived from
 * the request's seed), in order up to the first that fails, so the verdict
 * is the CLI's for the same seed. A counterexample is replayed into a run
 * folder under `outDir`, so that its stores and timeline are kept.
 */
export async function checkOneProperty(
  request: CheckRequest,
  definition: PropertyDefinition<unknown, unknown>,
  runs: number,
  outDir: string,
): Promise<PropertyCheck> {
  const { suite } = request;
  const { bounds, store } = request;
  const protocol = {
    ...(request.protocol ? { protocol: request.protocol } : {}),
    ...(request.transform ? { transform: request.transform } : {}),
  };
  const scratch = createScratch(defaultScratchParent());
  let result: PropertyResult;
  try {
    const here: ChunkRunner = (chunk, onRun) =>
      checkChunk(suite, definition, chunk, { bounds, store, scratch: scratch.path, ...protocol, onRun });
    const check = checkChunked(propertyChunks(definition.name, runs, request.seed), [here], request.seed, () => {});
    [result] = await Promise.all([check.properties[0]!.result, check.done]);
  } finally {
    scratch.remove();
  }
  const ce = result.counterexample;
  if (!ce) return result;
  const folder = join(createRunFolder(outDir).path, definition.name);
  // The counterexample's seed is the seed of the chunk that found it (the seed itself in the first chunk).
  const replayed = await replayProperty(suite, definition, { seed: ce.seed, path: ce.path, bounds, folder, ...protocol });
  const violation = ce.violation ?? replayed?.violation;
  return {
    ...result,
    failure: {
      replay: replayLine({ family: request.family.name, property: definition.name, seed: ce.seed, path: ce.path, options: request.replayOptions }),
      trial: suite.trialText(ce.trial),
      timeline: replayed ? timeline(replayed.events) : '(the replay found no run at this path)',
      violation: violation ? `${violation.kind}: ${violation.message}` : 'the property threw',
      folder,
    },
  };
}
