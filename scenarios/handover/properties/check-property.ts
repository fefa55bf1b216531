import { checkSuiteProperty, type PropertyResult } from '../../../sim/check/check-property.js';
import { replayProperty, type Replay } from '../../../sim/check/replay-property.js';
import { DEFAULT_HANDOVER_BOUNDS, type HandoverBounds } from './arbitraries.js';
import type { HandoverProperty } from './definitions.js';
import { asSuiteProperty, HANDOVER_SUITE } from './suite.js';
import type { HandoverTrial } from './trial.js';

export interface HandoverCheckOptions {
  runs: number;
  seed: number;
  bounds?: HandoverBounds;
  /**
   * Where each run's files go (removed when the run ends): a tmpfs such as /dev/shm keeps runs fast. Real files,
   * not the memory medium: the world (playing the channel and the operator) and the receivers' contracts hold
   * connections of their own to one store within a life, which only files share.
   */
  scratch: string;
}

export type HandoverPropertyResult = PropertyResult<HandoverTrial>;
export type HandoverOutcome = HandoverPropertyResult['outcome'];

/** Runs one handover property with the generic runner (sim/check). */
export function checkHandoverProperty(property: HandoverProperty, options: HandoverCheckOptions): Promise<HandoverPropertyResult> {
  return checkSuiteProperty(HANDOVER_SUITE, asSuiteProperty(property), {
    runs: options.runs,
    seed: options.seed,
    bounds: options.bounds ?? DEFAULT_HANDOVER_BOUNDS,
    store: 'file',
    scratch: options.scratch,
  });
}

/** Replays exactly the run at (seed, path), keeping its three SQLite files and history.jsonl in `folder`. */
export function replayHandoverProperty(
  property: HandoverProperty,
  options: { seed: number; path: string; folder: string; bounds?: HandoverBounds },
): Promise<Replay<HandoverTrial> | undefined> {
  return replayProperty(HANDOVER_SUITE, asSuiteProperty(property), { ...options, bounds: options.bounds ?? DEFAULT_HANDOVER_BOUNDS });
}
