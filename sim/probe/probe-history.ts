import { performance } from 'node:perf_hooks';
import { History, type JsonValue } from '../engine/history.js';
import type { ExchangeOutcome, ExchangeRequest } from '../transport/http/exchange.js';

/** The response headers a reader needs to judge a reply; the rest are transport noise. */
const KEPT_HEADERS = ['content-type', 'idempotent-replayed', 'retry-after', 'location'];

/**
 * Every request the probe makes and what came back, as history events
 * (invoke, then ok for 2xx, fail for any other status, info when no
 * response came): `sim show` prints it as a timeline. The times are real
 * ms since the probe started: the probe talks to a real service, and when
 * each request went is part of what it shows.
 */
export class ProbeHistory {
  readonly history = new History();
  private readonly startedAt = performance.now();
  private requests = 0;

  private nowMs(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  /** Records the request; returns its number, which the verdicts cite. */
  invoke(worker: string, op: string, request: ExchangeRequest): number {
    const number = ++this.requests;
    const value: JsonValue = { request: number, method: request.method, url: request.url, headers: request.headers };
    if (request.body !== undefined) value.body = request.body;
    this.history.record({ atMs: this.nowMs(), life: 0, worker, type: 'invoke', op, value });
    return number;
  }

  outcome(worker: string, op: string, number: number, outcome: ExchangeOutcome): void {
    if (outcome.kind === 'no-response') {
      const value = { request: number, lost: outcome.reason, message: outcome.message, elapsedMs: outcome.elapsedMs };
      this.history.record({ atMs: this.nowMs(), life: 0, worker, type: 'info', op, value });
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const header = outcome.headers.get(name);
      if (header !== null) headers[name] = header;
    }
    const value = { request: number, status: outcome.status, headers, body: outcome.bodyText, elapsedMs: outcome.elapsedMs };
    const type = outcome.status >= 200 && outcome.status < 300 ? 'ok' : 'fail';
    this.history.record({ atMs: this.nowMs(), life: 0, worker, type, op, value });
  }
}
