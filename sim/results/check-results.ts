import type { TrialBounds } from '../../scenarios/reservation/properties/arbitraries.js';
import type { PropertyResult, StoreKind } from '../../scenarios/reservation/properties/check-property.js';

/** A property's result as results.json keeps it: with the replay command and where its run's files are. */
export type StoredProperty = PropertyResult & {
  replay?: { command: string; folder: string };
};

/** results.json of a `sim check` run. */
export interface CheckResults {
  kind: 'check';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  seed: number;
  runs: number;
  bounds: TrialBounds;
  store: StoreKind;
  properties: StoredProperty[];
  verdict: 'pass' | 'fail';
}
