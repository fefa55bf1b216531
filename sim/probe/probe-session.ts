import { InputError } from '../engine/input-error.js';
import { exchange, parseJsonBody, type ExchangeOutcome } from '../transport/http/exchange.js';
import { PROXY_ANSWER_HEADER, type Fault } from '../transport/http/fault-plan.js';
import type { FaultProxy, ProxyEvent, UpstreamFailure } from '../transport/http/fault-proxy.js';
import { noResponse, NoResponseNotes, type NoResponse } from './no-response.js';
import { PROBE_TENANTS, type ProbeConfig } from './probe-config.js';
import type { ProbeHistory } from './probe-history.js';
import type { ProbeWire } from './probe-wire.js';

/** A count endpoint that does not count: bad input, since no verdict can be read through it. */
export class CountEndpointError extends InputError {}

export interface Write {
  /** Omitted: send no key header at all. */
  key?: string;
  tenant?: string;
  /** The body text; the configured body when omitted. */
  body?: string;
  /** A fault the proxy injects into this request. */
  fault?: Fault;
}

export interface Sent {
  request: number;
  outcome: ExchangeOutcome;
  /** What the proxy saw of it: the fault it applied and the server's status, if it answered. */
  proxied?: ProxyEvent;
  /** Why nothing came back, when nothing did. */
  noResponse?: NoResponse;
}

/**
 * Thrown by a write after one got no complete reply within --timeout-ms: a
 * silent service would make every later request wait the whole timeout
 * too, so the battery stops at the first (requests already on the wire, as
 * the concurrent clause's, still end on their own).
 */
export class ServiceSilent extends Error {
  constructor(readonly request: number) {
    super(`request #${request} got no complete reply`);
  }
}

/**
 * What a clause may do against the user's service: write through the
 * probe's fault proxy, count through the user's count endpoint, and mint
 * keys no earlier probe run used. Every request lands in the history.
 */
export class ProbeSession {
  private keys = 0;
  /** Writes the service answered (any status): none before a silence means nothing answers at the URL at all. */
  answered = 0;
  /** The first write that got no complete reply within the timeout. */
  silentAt: number | undefined;
  readonly noResponses = new NoResponseNotes();

  constructor(
    readonly config: ProbeConfig,
    private readonly proxy: FaultProxy,
    private readonly wire: ProbeWire,
    private readonly history: ProbeHistory,
    /** Unique per run (the run id), so fresh keys stay fresh against a service that keeps its receipts. */
    private readonly keyPrefix: string,
  ) {}

  freshKey(): string {
    return `probe-${this.keyPrefix}-${++this.keys}`;
  }

  async write(clause: string, write: Write): Promise<Sent> {
    if (this.silentAt !== undefined) throw new ServiceSilent(this.silentAt);
    const prepared = this.wire.prepare({
      ...(write.key === undefined ? {} : { key: write.key }),
      tenant: write.tenant ?? PROBE_TENANTS[0],
      body: write.body ?? this.config.bodyText,
    });
    if (write.fault) this.proxy.arm(write.fault);
    const seen = this.proxy.events.length;
    const answeredBefore = this.answered;
    const number = this.history.invoke(clause, 'write', prepared.shown);
    const { outcome, upstream } = serviceOutcome(await prepared.send());
    this.history.outcome(clause, 'write', number, outcome);
    const proxied = write.fault ? this.proxy.events[seen] : undefined;
    const sent: Sent = proxied ? { request: number, outcome, proxied } : { request: number, outcome };
    if (outcome.kind === 'response') {
      this.answered += 1;
      return sent;
    }
    // A write that timed out while another of the same batch was answered met a slow or stuck key, not a silent service.
    if (outcome.reason === 'timeout' && this.answered === answeredBefore) this.silentAt ??= number;
    // Not one HTTP reply yet, and this is none: --url names something else (an SSH or database port), so there is nothing to judge.
    if (upstream === 'not-http' && this.answered === 0)
      throw new InputError(
        `nothing at ${this.config.url.href} speaks HTTP: ${outcome.message.replace(/^the service did not answer: its/, 'the first')}`,
      );
    // Dropped on purpose only when the proxy had the service's answer to drop; a service that failed first is its own reason.
    const dropped = proxied?.fault === 'drop-reply' && proxied.upstreamStatus !== undefined;
    sent.noResponse = noResponse(outcome, upstream, dropped, this.config.timeoutMs);
    this.noResponses.add(clause, number, sent.noResponse);
    return sent;
  }

  /** The effects the service holds for `key` (under `tenant` when the template names one); fails loudly when it does not answer a count. */
  async count(clause: string, key: string, tenant: string = PROBE_TENANTS[0]): Promise<{ request: number; count: number }> {
    const url = this.config.countUrl.replaceAll('{key}', encodeURIComponent(key)).replaceAll('{tenant}', encodeURIComponent(tenant));
    const request = { url, method: 'GET' as const, headers: { accept: 'application/json' }, timeoutMs: this.config.timeoutMs };
    const number = this.history.invoke(clause, 'count', request);
    const outcome = await exchange(request);
    this.history.outcome(clause, 'count', number, outcome);
    if (outcome.kind === 'no-response') throw new CountEndpointError(`the count endpoint ${url} did not answer (${outcome.message})`);
    const body = parseJsonBody(outcome.bodyText);
    const count = typeof body === 'object' && body !== null ? (body as { count?: unknown }).count : undefined;
    if (outcome.status !== 200 || typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw new CountEndpointError(
        `the count endpoint ${url} answered ${outcome.status} ${JSON.stringify(outcome.bodyText.slice(0, 80))}, not JSON with a numeric "count"`,
      );
    }
    return { request: number, count };
  }
}

/**
 * What the service answered: the proxy's own 502 when the service reset the
 * connection, closed it without a reply, or sent an endless one is no answer
 * of the service's, and a verdict must not cite it as its status.
 */
function serviceOutcome(outcome: ExchangeOutcome): { outcome: ExchangeOutcome; upstream?: UpstreamFailure } {
  if (outcome.kind !== 'response' || outcome.headers.get(PROXY_ANSWER_HEADER) !== 'bad-gateway') return { outcome };
  const problem = parseJsonBody(outcome.bodyText) as { detail?: unknown; reason?: UpstreamFailure } | undefined;
  const message = typeof problem?.detail === 'string' ? problem.detail.replace('the server', 'the service') : 'the service did not answer';
  const lost = { kind: 'no-response' as const, reason: 'lost' as const, message, elapsedMs: outcome.elapsedMs };
  return problem?.reason ? { outcome: lost, upstream: problem.reason } : { outcome: lost };
}

/** A response's status, or `no response (why)`, the why explained under the table: how verdicts name what came back. */
export function statusText(sent: Sent): string {
  if (sent.outcome.kind === 'response') return String(sent.outcome.status);
  return `no response (${sent.noResponse?.label ?? sent.outcome.reason})`;
}

export function isSuccess(sent: Sent): boolean {
  return sent.outcome.kind === 'response' && sent.outcome.status >= 200 && sent.outcome.status < 300;
}

export function isClientError(sent: Sent): boolean {
  return sent.outcome.kind === 'response' && sent.outcome.status >= 400 && sent.outcome.status < 500;
}
