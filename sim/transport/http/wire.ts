import type { JsonValue, ReceiverReply } from '../../../protocols/receivers/types.js';

/**
 * How a receiver's reply travels over HTTP, in both directions: the server
 * encodes with `encodeReply`, the client decodes with `decodeReply`, so the
 * two can never disagree about what a status means.
 *
 * Headers, after the IETF Idempotency-Key draft (draft-ietf-httpapi-idempotency-key-header):
 * - `Idempotency-Key`: the key, a structured-field string ("abc") or a bare token; anything else is a 400 (key-header.ts).
 * - `X-Tenant` (configurable): the tenant; absent means the tenant `default`.
 * - `Idempotent-Replayed: true` on a reply served from a receipt (Stripe's name for it; the draft leaves it open).
 * - `X-Cutpoint-Issued-At-Ms`: when the sender first recorded the intention, for the closed window; absent means now.
 * - `X-Cutpoint-Intention`: the oracle tag for counting effects; no contract reads it.
 * - `X-Cutpoint-Retry-After-Ms`: beside Retry-After (whole seconds, as RFC 9110 has it), the exact virtual ms a
 *   refusal asks the caller to wait, so that a simulated run over the wire waits what it waits in process.
 */
export const HEADERS = {
  key: 'idempotency-key',
  tenant: 'x-tenant',
  replayed: 'idempotent-replayed',
  issuedAt: 'x-cutpoint-issued-at-ms',
  intention: 'x-cutpoint-intention',
  retryAfterMs: 'x-cutpoint-retry-after-ms',
} as const;

/** The reason a rate limiter refuses with (the plan's tool server's front door): the one refusal sent as 429. */
export const RATE_LIMITED = 'rate-limited';

export const DEFAULT_TENANT = 'default';

/** Bodies above this many bytes are refused with 413 before any of them is parsed. */
export const BODY_BYTES_MAX = 64 * 1024;

/**
 * Replies above this many bytes are not read to the end (by the client or the
 * fault proxy): a service that streams without end would otherwise fill the
 * memory until the timeout, and no receiver's reply comes near it.
 */
export const REPLY_BYTES_MAX = 1024 * 1024;

/** A problem body (RFC 9457): a type URI, a title, the status, and a detail sentence. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

export interface WireReply {
  status: number;
  headers: Record<string, string>;
  body: JsonValue;
}

export function problem(status: number, type: string, title: string, detail: string): WireReply {
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { type: `urn:cutpoint:${type}`, title, status, detail },
  };
}

/**
 * A contract's reply as HTTP. An applied effect is 201 with its result; the
 * same reply served again from a receipt is the same status and body, plus
 * the replay header. The draft's statuses for a key used with another
 * payload (422) and for a request while its twin is in progress (409, made by
 * the server, not here) are kept; the rest use the nearest standard status.
 */
export function encodeReply(reply: ReceiverReply): WireReply {
  const json = { 'content-type': 'application/json' };
  switch (reply.status) {
    case 'ok':
      return { status: 201, headers: reply.replayed ? { ...json, [HEADERS.replayed]: 'true' } : json, body: { result: reply.result } };
    case 'accepted':
      return { status: 202, headers: json, body: { accepted: true } };
    case 'rejected':
      return problem(
        422,
        'payload-mismatch',
        'Idempotency key reused with another payload',
        'this key was first used with another request body; nothing was applied',
      );
    case 'refused': {
      if (reply.definitive) return problem(422, 'effect-refused', 'The effect was refused', reply.reason);
      const wire =
        reply.reason === RATE_LIMITED
          ? problem(429, RATE_LIMITED, 'Too many requests', 'the rate limiter has no token for this call; retry after the window')
          : problem(503, 'effect-refused-for-now', 'The effect was refused for now', reply.reason);
      const retryAfterMs = reply.retryAfterMs ?? 1000;
      const retry = { 'retry-after': String(Math.ceil(retryAfterMs / 1000)), [HEADERS.retryAfterMs]: String(retryAfterMs) };
      return { ...wire, headers: { ...wire.headers, ...retry } };
    }
    case 'stale':
      return problem(
        410,
        'stale',
        'Outside the closed window',
        'the intention was issued before the receipts window; reconcile instead of retrying',
      );
    case 'unavailable':
      return problem(503, 'unavailable', 'Unavailable', 'nothing was applied; try again');
    case 'no-reply':
      throw new Error('a server never encodes no-reply: it is what a client sees when the reply is lost');
  }
}

/**
 * An HTTP response as a receiver's reply. Statuses the server does not make
 * (a proxy's 502, a 500 from a bug) mean the outcome is unknown: `no-reply`,
 * so the sender asks again with the same key instead of guessing.
 */
export function decodeReply(status: number, headers: Headers, body: unknown): ReceiverReply {
  const type = typeof body === 'object' && body !== null && 'type' in body ? String((body as { type: unknown }).type) : '';
  if (status === 201 || status === 200) {
    const result = typeof body === 'object' && body !== null && 'result' in body ? ((body as { result: JsonValue }).result ?? null) : null;
    return { status: 'ok', result, replayed: headers.get(HEADERS.replayed) === 'true' };
  }
  if (status === 202) return { status: 'accepted' };
  if (status === 422 && type === 'urn:cutpoint:payload-mismatch') return { status: 'rejected', reason: 'payload-mismatch' };
  if (status === 422) return { status: 'refused', reason: problemDetail(body), definitive: true };
  if (status === 410) return { status: 'stale' };
  if (status === 409 || (status === 503 && type === 'urn:cutpoint:unavailable')) return { status: 'unavailable' };
  if (status === 429 || status === 503) {
    const exactMs = Number(headers.get(HEADERS.retryAfterMs) ?? Number.NaN);
    const seconds = Number(headers.get('retry-after'));
    const retry =
      Number.isSafeInteger(exactMs) && exactMs >= 0
        ? { retryAfterMs: exactMs }
        : Number.isFinite(seconds) && seconds >= 0
          ? { retryAfterMs: seconds * 1000 }
          : {};
    const reason = status === 429 && type === `urn:cutpoint:${RATE_LIMITED}` ? RATE_LIMITED : problemDetail(body) || `status ${status}`;
    return { status: 'refused', reason, definitive: false, ...retry };
  }
  return { status: 'no-reply' };
}

function problemDetail(body: unknown): string {
  return typeof body === 'object' && body !== null && 'detail' in body ? String((body as { detail: unknown }).detail) : '';
}
