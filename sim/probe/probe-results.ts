import type { NoResponseNote } from './no-response.js';
import type { ProbeConfig } from './probe-config.js';

export type ClauseVerdict = 'pass' | 'fail' | 'not-run';

export interface ClauseResult {
  name: string;
  expected: string;
  observed: string;
  verdict: ClauseVerdict;
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
  /** Every clause that ran passed. */
  passed: boolean;
  files: { history: string; report: string };
}

export function probeTarget(config: ProbeConfig): ProbeResults['target'] {
  return {
    url: config.url.href,
    body: config.bodyText,
    countUrl: config.countUrl,
    keyField: config.keyField,
    tenantField: config.tenantField ?? null,
    mcpTool: config.mcpTool ?? null,
    concurrency: config.concurrency,
    requireKey: config.requireKey,
    timeoutMs: config.timeoutMs,
  };
}
