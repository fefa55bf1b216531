import type { JsonValue } from '../engine/history.js';

/** What `sim probe` was asked to judge, validated: every field is usable as it is. */
export interface ProbeConfig {
  /** The write endpoint, e.g. http://127.0.0.1:3000/reservations. */
  url: URL;
  /** The body every write sends, as text and parsed: always a JSON object, whose fields the payload-mismatch clause changes. */
  bodyText: string;
  body: { [field: string]: JsonValue };
  /** GET template with {key} and optionally {tenant}; answers JSON with a numeric `count`. */
  countUrl: string;
  /** Where the key goes: a header over HTTP, an argument of the tool over MCP. */
  keyField: string;
  /** Where the tenant goes (header or argument); without it the tenant clause cannot run. */
  tenantField?: string;
  /** Probe an MCP server's write tool instead: `url` is its Streamable HTTP endpoint, the body its other arguments. */
  mcpTool?: string;
  /** How many requests with one key the concurrency clause sends at once. */
  concurrency: number;
  /** Whether a write without a key must be refused. */
  requireKey: boolean;
  /** Bound on each request (real ms): a reply later than this counts as lost. */
  timeoutMs: number;
}

/** The tenants the probe writes as: the first for every clause, the second only where tenants are compared. */
export const PROBE_TENANTS = ['probe-tenant-a', 'probe-tenant-b'] as const;
