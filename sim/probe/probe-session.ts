import { InputError } from '../engine/input-error.js';
import { exchange, parseJsonBody, type ExchangeOutcome } from '../transport/http/exchange.js';
import { PROXY_ANSWER_HEADER, type Fault } from '../transport/http/fault-plan.js';
import type { FaultProxy, ProxyEvent } from '../transport/http/fault-proxy.js';
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
}

/**
 * What a clause may do against the user's service: write through the
 * probe's fault proxy, count through the user's count endpoint, and mint
 * keys no earlier probe run used. Every request lands in the history.
 */
export class ProbeSession {
  private keys = 0;

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
    const prepared = this.wire.prepare({
      ...(write.key === undefined ? {} : { key: write.key }),
      tenant: write.tenant ?? PROBE_TENANTS[0],
      body: write.body ?? this.config.bodyText,
    });
    if (write.fault) this.proxy.arm(write.fault);
    const seen = this.proxy.events.length;
    const number = this.history.invoke(clause, 'write', prepared.shown);
    const outcome = serviceOutcome(await prepared.send());
    this.history.outcome(clause, 'write', number, outcome);
    const proxied = write.fault ? this.proxy.events[seen] : undefined;
    return proxied ? { request: number, outcome, proxied } : { request: number, outcome };
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
function serviceOutcome(outcome: ExchangeOutcome): ExchangeOutcome {
  if (outcome.kind !== 'response' || outcome.headers.get(PROXY_ANSWER_HEADER) !== 'bad-gateway') return outcome;
  const detail = (parseJsonBody(outcome.bodyText) as { detail?: unknown } | undefined)?.detail;
  const message = typeof detail === 'string' ? detail.replace('the server', 'the service') : 'the service did not answer';
  return { kind: 'no-response', reason: 'lost', message, elapsedMs: outcome.elapsedMs };
}

/** A response's status, or `no response (lost)`: how verdicts name what came back. */
export function statusText(sent: Sent): string {
  return sent.outcome.kind === 'response' ? String(sent.outcome.status) : `no response (${sent.outcome.reason})`;
}

export function isSuccess(sent: Sent): boolean {
  return sent.outcome.kind === 'response' && sent.outcome.status >= 200 && sent.outcome.status < 300;
}

export function isClientError(sent: Sent): boolean {
  return sent.outcome.kind === 'response' && sent.outcome.status >= 400 && sent.outcome.status < 500;
}
