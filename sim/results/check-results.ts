import type { Verdict } from '../engine/verdict.js';
import type { PropertyResult, StoreKind } from './property-result.js';

/** A property's result as results.json keeps it: with the replay command and where its run's files are. */
export type StoredProperty = PropertyResult & {
  replay?: { command: string; folder: string };
  /** Why a property that held proves nothing (a --policy that never answered): the line printed under it. */
  unexercisedWhy?: string;
};

/** results.json of a `sim check` run. */
export interface CheckResults {
  kind: 'check';
  tool: 'cutpoint';
  /** The family whose properties ran (absent in results written before families: reservation). */
  family?: string;
  runId: string;
  startedAt: string;
  seed: number;
  runs: number;
  /** The part of the runs this document holds, for `sim check --shard i/n` (see sim/check/chunks.ts); absent: all of them. */
  shard?: { index: number; count: number };
  /** The family's trial bounds (reservation: workersMax, intentionsMax, crashesMax, dropsMax). */
  bounds: unknown;
  store: StoreKind;
  properties: StoredProperty[];
  /** Its properties' verdicts combined (see propertyVerdict): unknown when none failed but one was unexercised. */
  verdict: Verdict;
}
