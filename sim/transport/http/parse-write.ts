import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ReceiverRequest } from '../../../protocols/receivers/types.js';
import { readJsonBody } from './request-body.js';
import { parseKeyHeader } from './key-header.js';
import { requestPath } from './request-path.js';
import { DEFAULT_TENANT, HEADERS, problem, type WireReply } from './wire.js';

export interface WriteRules {
  /** Header carrying the tenant, lower case. */
  tenantHeader: string;
  requireKey: boolean;
  /** The receiver's now, for a request that does not say when it was issued. */
  nowMs: () => number;
}

/** What a write's kind (its path without the slash) may be: a name, so no dot segment or escape ever reaches a contract. */
export const WRITE_KIND = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * A write (POST /<kind>) as a receiver request, or the refusal every front
 * makes before a contract sees anything: a path that is not /<kind> as sent
 * (404), a header it reads given twice (400), a malformed key (400), a
 * missing key where one is required (400), an empty tenant (400), and
 * whatever the body reader refuses.
 */
export async function parseWrite(
  request: IncomingMessage,
  rules: WriteRules,
): Promise<{ request: ReceiverRequest } | { refusal: WireReply }> {
  const kind = requestPath(request).slice(1);
  if (!WRITE_KIND.test(kind)) return { refusal: problem(404, 'not-found', 'Not found', 'write with POST /<kind>, e.g. POST /reserve') };
  const repeated = [HEADERS.key, rules.tenantHeader, HEADERS.issuedAt, HEADERS.intention].find(
    (name) => (request.headersDistinct[name]?.length ?? 0) > 1,
  );
  if (repeated !== undefined) {
    // Node joins a repeated header into one value ("A, B"): read as given, it would name a tenant or key nobody sent.
    return { refusal: problem(400, 'repeated-header', `${repeated} repeated`, `send the ${repeated} header once; nothing was applied`) };
  }
  const tenant = header(request, rules.tenantHeader) ?? DEFAULT_TENANT;
  if (tenant.trim() === '') {
    return {
      refusal: problem(
        400,
        'empty-tenant',
        'Tenant empty',
        `name the tenant in ${rules.tenantHeader}, or leave the header out for '${DEFAULT_TENANT}'`,
      ),
    };
  }
  const keyHeader = parseKeyHeader(header(request, HEADERS.key));
  if ('malformed' in keyHeader) {
    return { refusal: problem(400, 'malformed-key', 'Idempotency-Key malformed', `the Idempotency-Key header ${keyHeader.malformed}`) };
  }
  const key = keyHeader.key;
  if (key === undefined && rules.requireKey) {
    return { refusal: problem(400, 'missing-key', 'Idempotency-Key missing', 'this endpoint requires an Idempotency-Key header') };
  }
  const body = await readJsonBody(request);
  if ('refusal' in body) return body;
  const issuedAt = Number(header(request, HEADERS.issuedAt));
  return {
    request: {
      tenant,
      // Without a required key every request is its own: a fresh random key no retry can repeat, even after a restart.
      key: key ?? `unkeyed-${randomUUID()}`,
      kind,
      payload: body.payload,
      issuedAtMs: Number.isSafeInteger(issuedAt) && issuedAt >= 0 ? issuedAt : rules.nowMs(),
      intentionId: header(request, HEADERS.intention) ?? `${tenant}:${key ?? ''}`,
    },
  };
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
