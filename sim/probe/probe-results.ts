import type { ProbeResults } from '../results/probe-results.js';
import type { ProbeConfig } from './probe-config.js';

export type { ClauseOutcome, ClauseResult, ProbeResults } from '../results/probe-results.js';

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
