import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectTarget } from './connect-target.js';
import { REPLY_BYTES_MAX } from './wire.js';
import { FAULT_HEADER, PROXY_ANSWER_HEADER, type Fault, type FaultKind, type FaultPlan } from './fault-plan.js';

export interface ProxyEvent {
  ordinal: number;
  method: string;
  path: string;
  fault: FaultKind;
  /** The server's status when the request was forwarded and answered; absent when it never reached the server. */
  upstreamStatus?: number;
}

export interface FaultProxy {
  port: number;
  url: string;
  /** Every request that passed, in arrival order, with the fault it got. */
  readonly events: readonly ProxyEvent[];
  /** The next write (POST) gets this fault, whatever the plan says: how the probe and tests aim a fault at one call. */
  arm(fault: Fault): void;
  close(): Promise<void>;
}

/**
 * A target that may die and be restarted elsewhere (a supervised server
 * process): where it serves now, and what to wait for when it failed to
 * answer, so that the failed request is answered only once a successor serves.
 */
export interface RestartableTarget {
  url(): string;
  recovered(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// Hop-by-hop headers, and the fault request meant for the proxy alone, are not forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', FAULT_HEADER]);

/**
 * Our fault proxy between a client and a server on loopback (small, because
 * no maintained Node equivalent of Toxiproxy is installable here). It works
 * at the HTTP level, so "after the server answered" is exact: a dropped reply
 * is one the proxy read in full before closing the caller's socket. Waits are
 * real time (setTimeout): a proxy in front of a real server has no other.
 */
export async function startFaultProxy(targetUrl: string | RestartableTarget, plan: FaultPlan): Promise<FaultProxy> {
  const targetNow = () => new URL(typeof targetUrl === 'string' ? targetUrl : targetUrl.url());
  const agent = new Agent({ keepAlive: true });
  const events: ProxyEvent[] = [];
  const armed: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function forward(request: IncomingMessage, body: Buffer): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      const outgoing = httpRequest(
        {
          ...connectTarget(targetNow()),
          method: request.method,
          path: request.url,
          headers: { ...headers, 'content-length': body.length },
          agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes <= REPLY_BYTES_MAX) return void chunks.push(chunk);
            response.destroy();
            reject(new ReplyOverMax(`its reply was over ${REPLY_BYTES_MAX} bytes`));
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const method = request.method ?? 'GET';
    const event: ProxyEvent = { ordinal: events.length + 1, method, path, fault: 'none' };
    const fault = (method === 'POST' ? armed.shift() : undefined) ?? plan.faultFor({ ...event, headers: request.headers });
    event.fault = fault.kind;
    events.push(event);
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const problem = (status: number, type: string, detail: string, extra: Record<string, string> = {}, members: object = {}) => {
      response.writeHead(status, { 'content-type': 'application/problem+json', [PROXY_ANSWER_HEADER]: type, ...extra });
      response.end(JSON.stringify({ type: `urn:cutpoint:${type}`, title: detail, status, detail, ...members }));
    };
    switch (fault.kind) {
      case 'reset':
        request.socket.resetAndDestroy();
        return;
      case 'server-error':
        return problem(
          fault.status,
          fault.status === 503 ? 'unavailable' : 'proxy-error',
          'injected by the fault proxy; nothing was forwarded',
        );
      case 'rate-limit':
        return problem(429, 'rate-limited', 'injected by the fault proxy; nothing was forwarded', {
          'retry-after': String(fault.retryAfterS),
        });
      case 'delay':
        await sleep(fault.ms);
        break;
      default:
        break;
    }
    if (closing) return void request.socket.destroy();
    let upstream: Upstream;
    try {
      upstream = await forward(request, Buffer.concat(chunks));
    } catch (error) {
      if (typeof targetUrl !== 'string') await targetUrl.recovered();
      const failure = upstreamFailure(error);
      return problem(502, 'bad-gateway', `the server did not answer: ${failure.sentence}`, {}, { reason: failure.reason });
    }
    event.upstreamStatus = upstream.status;
    // A simulated server whose caller died at the applied cut asks, on its reply, for that reply to be lost.
    if (upstream.headers[FAULT_HEADER] === 'drop-reply') event.fault = 'drop-reply';
    if (event.fault === 'drop-reply') return void request.socket.destroy();
    if (fault.kind === 'slow-response') await sleep(fault.ms);
    if (response.destroyed || closing) return;
    const headers = Object.fromEntries(Object.entries(upstream.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    response.writeHead(upstream.status, headers as Record<string, string>);
    response.end(upstream.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    events,
    arm: (fault) => void armed.push(fault),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => {
          agent.destroy();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** Why a forwarded request got no answer, in the 502's `reason` member: what a caller can tell its user apart. */
export type UpstreamFailure = 'reset' | 'closed' | 'cut-short' | 'too-large' | 'not-http' | 'other';

/** Thrown while reading an upstream reply past REPLY_BYTES_MAX. */
class ReplyOverMax extends Error {}

/** Why a forwarded request got no answer, as a reason and the end of a sentence: a reset, a closed socket, an endless reply. */
function upstreamFailure(error: unknown): { reason: UpstreamFailure; sentence: string } {
  if (error instanceof ReplyOverMax) return { reason: 'too-large', sentence: error.message };
  const { code, message } = error as NodeJS.ErrnoException;
  // llhttp's codes: what came back is no HTTP response at all (an SSH banner, a database's greeting, a bad status line).
  if (code?.startsWith('HPE_')) return { reason: 'not-http', sentence: `its reply is not HTTP (${message})` };
  if (code === 'ECONNRESET' && message === 'socket hang up')
    return { reason: 'closed', sentence: 'it closed the connection without a reply' };
  // node:http says 'aborted' when the connection ends after the head, before the body does.
  if (code === 'ECONNRESET' && message === 'aborted')
    return { reason: 'cut-short', sentence: 'it closed the connection in the middle of its reply' };
  if (code === 'ECONNRESET') return { reason: 'reset', sentence: 'it reset the connection' };
  return { reason: 'other', sentence: message };
}
