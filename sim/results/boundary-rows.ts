import type { CaseResult } from '../engine/run-case.js';

/*
 * What `sim table --cuts all` measured at every boundary of a protocol, and
 * where it differs from its expectation: the runner (sim/table) makes them;
 * results.json and the boundary tables read them.
 */

/** A durable boundary found in a fault-free run: the nth boundary reached, its name and source line. */
export interface Boundary {
  /** 1-based position among the boundaries the fault-free first attempt reached. */
  number: number;
  /** As reached: `intent-recorded@outbox.ts:60`, `orchestrator-commit@outbox.ts:45`. */
  name: string;
  /** What it is: a named cut (`intent-recorded`), a commit (`orchestrator-commit`, `warehouse-commit`) or a file the world wrote (`checkpoint-renamed`). */
  kind: string;
  /** The source line that reached it. */
  site: string;
  /** The classic cut's index when this boundary is one of the five, else null. */
  classic: number | null;
}

export interface BoundaryCell {
  boundary: Boundary;
  /** Measured N for the intention after a crash right after this boundary and recovery; null when not judged. */
  effects: number | null;
  case: CaseResult;
}

export interface BoundaryRow {
  protocol: string;
  boundaries: Boundary[];
  cells: BoundaryCell[];
  /** Set when the protocol's fault-free run failed: no boundary was found and the row is not judged. */
  error?: string;
}

/** A boundary whose measured N differs from its expected N. */
export interface BoundaryMismatch {
  protocol: string;
  /** The boundary's number and name as printed: `5`, `warehouse-commit@outbox.ts:45`. */
  boundary: { number: number; name: string };
  expected: number;
  measured: number | null;
}
