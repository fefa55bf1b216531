import type { ReceiverClient, ReceiverReply, ReceiverRequest } from '../../../protocols/receivers/types.js';
import { exchange, parseJsonBody } from './exchange.js';
import { keyHeaderValue } from './key-header.js';
import { decodeReply, HEADERS } from './wire.js';

export interface HttpClientOptions {
  /** The server's (or its fault proxy's) base URL, e.g. http://127.0.0.1:4100. */
  baseUrl: string;
  /** How long a call may take before its outcome counts as unknown (real ms). */
  timeoutMs: number;
  tenantHeader?: string;
}

/**
 * A ReceiverClient over Node's fetch: the same request a protocol hands the
 * in-process transport, as POST /<kind> with the key in Idempotency-Key. A
 * refused connection is `unavailable` (nothing reached the receiver); a reply
 * lost after sending, a timeout, or a status the server never makes is
 * `no-reply` (the receiver may have applied it).
 */
export class HttpReceiverClient implements ReceiverClient {
  constructor(private readonly options: HttpClientOptions) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    const outcome = await exchange({
      url: `${this.options.baseUrl}/${request.kind}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HEADERS.key]: keyHeaderValue(request.key),
        [this.options.tenantHeader ?? HEADERS.tenant]: request.tenant,
        [HEADERS.issuedAt]: String(request.issuedAtMs),
        [HEADERS.intention]: request.intentionId,
      },
      body: JSON.stringify(request.payload),
      timeoutMs: this.options.timeoutMs,
    });
    if (outcome.kind === 'no-response') return { status: outcome.reason === 'refused' ? 'unavailable' : 'no-reply' };
    return decodeReply(outcome.status, outcome.headers, parseJsonBody(outcome.bodyText));
  }
}
