import { performance } from 'node:perf_hooks';
import { REPLY_BYTES_MAX } from './wire.js';

export interface ExchangeRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** What came back: a response, or why none did (refused before sending, or sent and then lost). */
export type ExchangeOutcome =
  | { kind: 'response'; status: number; headers: Headers; bodyText: string; elapsedMs: number }
  | { kind: 'no-response'; reason: 'refused' | 'lost' | 'timeout'; message: string; elapsedMs: number };

/** Thrown while reading a reply past REPLY_BYTES_MAX. */
class ReplyTooLarge extends Error {}

/** The body as text, or ReplyTooLarge once it passes REPLY_BYTES_MAX (the rest is not read). */
async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body ?? []) {
    bytes += chunk.byteLength;
    if (bytes > REPLY_BYTES_MAX) throw new ReplyTooLarge(`a reply over ${REPLY_BYTES_MAX} bytes, not read to its end`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One HTTP request with Node's fetch, bounded by a timeout and by
 * REPLY_BYTES_MAX, that never throws for a network fault: a connection
 * refused means nothing was sent (`refused`), anything else after the request
 * left (a reset, a closed socket, the timeout, an endless reply) means the
 * outcome is unknown. A redirect is an answer, not followed: a write sent
 * again to a Location is another request than the one judged, and would
 * leave the probe's proxy behind. Elapsed time is real time: it is what the
 * probe and the load test measure.
 */
export async function exchange(request: ExchangeRequest): Promise<ExchangeOutcome> {
  const started = performance.now();
  const elapsedMs = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const bodyText = await boundedText(response);
    return { kind: 'response', status: response.status, headers: response.headers, bodyText, elapsedMs: elapsedMs() };
  } catch (error) {
    if (error instanceof ReplyTooLarge) return { kind: 'no-response', reason: 'lost', message: error.message, elapsedMs: elapsedMs() };
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { kind: 'no-response', reason: 'timeout', message: `no answer within ${request.timeoutMs} ms`, elapsedMs: elapsedMs() };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // fetch refuses, before connecting, the ports of the Fetch standard's blocked list (6000, 6667, …); its word is only 'bad port'.
    if (cause?.message === 'bad port') {
      const message = `Node's fetch will not connect to port ${new URL(request.url).port}, which the Fetch standard blocks: serve it on another port`;
      return { kind: 'no-response', reason: 'refused', message, elapsedMs: elapsedMs() };
    }
    const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
    return { kind: 'no-response', reason: cause?.code === 'ECONNREFUSED' ? 'refused' : 'lost', message, elapsedMs: elapsedMs() };
  }
}

/** A response body as JSON, or undefined when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
