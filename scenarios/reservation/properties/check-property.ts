import {
  checkSuiteProperty,
  type CheckOptions as SuiteCheckOptions,
  type PropertyResult as SuiteResult,
} from '../../../sim/check/check-property.js';
import { replayProperty as replaySuiteProperty, type Replay } from '../../../sim/check/replay-property.js';
import type { ProtocolChoice } from '../../../sim/check/suite.js';
import { findProtocol, protocolFile } from '../../../protocols/reservation/registry.js';
import type { TrialBounds } from './arbitraries.js';
import type { PropertyDefinition } from './property.js';
import { RESERVATION_SUITE } from './suite.js';
import type { Trial } from './trial.js';

export type { PropertyOutcome } from '../../../sim/check/check-property.js';
export type { StoreKind } from '../../../sim/check/suite.js';
export type PropertyResult = SuiteResult<Trial>;

/** The reservation family's options: the protocol by name, as the registry knows it (built-in or registered file). */
export type CheckOptions = Omit<SuiteCheckOptions<TrialBounds>, 'protocol'> & { protocol?: string };

function choice(name: string | undefined): { protocol?: ProtocolChoice } {
  if (name === undefined) return {};
  const protocol = findProtocol(name);
  if (!protocol) throw new Error(`unknown protocol ${name}`);
  const file = protocolFile(name);
  return { protocol: { protocol, ...(file ? { file } : {}) } };
}

/** Runs one reservation property with the generic runner (sim/check). */
export function checkReservationProperty(definition: PropertyDefinition, options: CheckOptions): Promise<PropertyResult> {
  const { protocol, ...rest } = options;
  return checkSuiteProperty(RESERVATION_SUITE, definition, { ...rest, ...choice(protocol) });
}

/** Replays exactly the run at (seed, path), keeping its two SQLite files and history.jsonl in `folder`. */
export function replayProperty(
  definition: PropertyDefinition,
  options: { seed: number; path: string; bounds: TrialBounds; folder: string; protocol?: string },
): Promise<Replay<Trial> | undefined> {
  const { protocol, ...rest } = options;
  return replaySuiteProperty(RESERVATION_SUITE, definition, { ...rest, ...choice(protocol) });
}
