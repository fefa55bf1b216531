import type { ExchangeOutcome } from '../transport/http/exchange.js';
import type { UpstreamFailure } from '../transport/http/fault-proxy.js';
import type { NoResponse, NoResponseNote } from '../results/probe-results.js';

export type { NoResponse, NoResponseNote } from '../results/probe-results.js';

const UPSTREAM: Record<UpstreamFailure, NoResponse | undefined> = {
  reset: { label: 'reset', meaning: 'the service reset the connection' },
  closed: { label: 'closed', meaning: 'the service closed the connection without a reply' },
  'cut-short': { label: 'cut short', meaning: 'the service closed the connection in the middle of its reply' },
  'too-large': { label: 'over 1 MiB', meaning: "the service's reply was over 1 MiB, not read to its end" },
  'not-http': { label: 'not HTTP', meaning: "the service's reply is not HTTP" },
  other: undefined,
};

/** Why a write got nothing back, from what the probe saw: the proxy's 502 reason, the drop the probe asked for, or the client's own. */
export function noResponse(
  outcome: Extract<ExchangeOutcome, { kind: 'no-response' }>,
  upstream: UpstreamFailure | undefined,
  dropped: boolean,
  timeoutMs: number,
): NoResponse {
  if (dropped) return { label: 'dropped', meaning: "the probe's proxy dropped the reply on purpose, after the service answered" };
  if (outcome.reason === 'timeout') return { label: 'timeout', meaning: `no complete reply within ${timeoutMs} ms (--timeout-ms)` };
  return (upstream && UPSTREAM[upstream]) ?? { label: 'lost', meaning: outcome.message };
}

/** The notes of a run, one per distinct reason in the order first seen, each with its clauses and requests in order. */
export class NoResponseNotes {
  private readonly notes = new Map<string, NoResponseNote>();

  add(clause: string, request: number, why: NoResponse): void {
    const id = `${why.label}\n${why.meaning}`;
    const note = this.notes.get(id) ?? { ...why, clauses: [], requests: [] };
    this.notes.set(id, note);
    if (!note.clauses.includes(clause)) note.clauses.push(clause);
    note.requests.push(request);
  }

  list(): NoResponseNote[] {
    return [...this.notes.values()].map((note) => ({ ...note, requests: [...note.requests].sort((a, b) => a - b) }));
  }
}
