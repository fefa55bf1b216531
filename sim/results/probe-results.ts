import { combinedVerdict, type Verdict } from '../engine/verdict.js';

/*
 * What `sim probe` found of a service, clause by clause: the prober
 * (sim/probe) makes it; its report, results.json and JUnit read it.
 */

/** Why a write got no response: a short label for a table cell, and the sentence it stands for. */
export interface NoResponse {
  label: string;
  meaning: string;
}

/** One line under the probe's table: a reason, and the clauses whose cells show it with the requests that got it. */
export interface NoResponseNote extends NoResponse {
  clauses: string[];
  requests: number[];
}

/** A clause's outcome: it held, it failed, or it was not run (its precondition was missing), as JUnit skips a case. */
export type ClauseOutcome = 'pass' | 'fail' | 'not-run';

export interface ClauseResult {
  name: string;
  expected: string;
  observed: string;
  /** Its outcome (see clauseVerdict). */
  verdict: ClauseOutcome;
  /** Numbers of the requests in history.jsonl that show it. */
  requests: number[];
}

/** results.json of a probe run: the source of truth its report is printed from. */
export interface ProbeResults {
  kind: 'probe';
  tool: 'cutpoint';
  runId: string;
  startedAt: string;
  target: {
    url: string;
    body: string;
    countUrl: string;
    keyField: string;
    tenantField: string | null;
    /** The MCP write tool probed, or null over plain HTTP. */
    mcpTool: string | null;
    concurrency: number;
    requireKey: boolean;
    timeoutMs: number;
  };
  /** The probe's own fault proxy every write went through (closed when the run ended). */
  proxyUrl: string;
  clauses: ClauseResult[];
  /** Why writes got no response, one entry per distinct reason, with the clauses whose cells say `no response (label)`. */
  noResponses: NoResponseNote[];
  /** Every clause that ran passed: probeVerdict is pass. */
  passed: boolean;
  files: { history: string; report: string };
}

/** A clause's Verdict; undefined for a clause not run, which no verdict counts (JUnit shows it skipped). */
export function clauseVerdict(outcome: ClauseOutcome): Verdict | undefined {
  return outcome === 'not-run' ? undefined : outcome;
}

/** The probe's verdict: the clauses that ran, combined. */
export function probeVerdict(clauses: readonly Pick<ClauseResult, 'verdict'>[]): Verdict {
  return combinedVerdict(clauses.flatMap((clause) => clauseVerdict(clause.verdict) ?? []));
}
