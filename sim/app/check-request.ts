import type { AnySuite, ProtocolChoice, StoreKind, TrialTransform } from '../check/suite.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { RunWire } from '../engine/run-family.js';

/** What one `sim check` runs: a family's suite, its bounds, and the subject put in instead of the properties' own. */
export interface CheckRequest {
  family: AnyFamily;
  suite: AnySuite;
  bounds: unknown;
  store: StoreKind;
  seed: number;
  protocol?: ProtocolChoice;
  transform?: TrialTransform<unknown>;
  /** The options that change the outcome, as given, for replay lines. */
  replayOptions: [string, string][];
  /** The family's own options as given, for the header line. */
  familyOptions: [string, string][];
  /** Properties a protocol of one's own is not checked with unless named (they need what it may not offer). */
  leftOut: string[];
  /** A fresh wire per run, with --transport http. */
  openWire?: () => RunWire;
}
