import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { effectsReply } from './effects-query.js';
import { ReceiverCore, type ReceiverCoreOptions } from './receiver-core.js';
import { parseWrite, WRITE_KIND } from './parse-write.js';
import { requestPath } from './request-path.js';
import { encodeReply, HEADERS, problem, type WireReply } from './wire.js';

export interface ReceiverServerOptions extends ReceiverCoreOptions {
  /** Header carrying the tenant (lower case); default X-Tenant. */
  tenantHeader?: string;
  /** Whether a write without an Idempotency-Key is refused (400); default true. */
  requireKey?: boolean;
}

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * A receiver behind a real HTTP server on 127.0.0.1: POST /<kind> with a JSON
 * body and an Idempotency-Key runs the contract against the receiver's file;
 * GET /effects?tenant=T&key=K answers the oracle's {"count": n}. Only those
 * paths, as sent, reach the file: any other is 404 and a documented path
 * with another method 405, nothing applied. Nothing a client sends can stop
 * it serving: every refusal is a problem body, and an error inside a
 * contract is a 500 for that request alone.
 */
export async function startReceiverServer(options: ReceiverServerOptions, port = 0): Promise<RunningServer> {
  const core = new ReceiverCore(options);
  const tenantHeader = (options.tenantHeader ?? HEADERS.tenant).toLowerCase();
  const requireKey = options.requireKey ?? true;
  // A receiver with one write takes it at its kind alone; the tool server answers every tool a plan may name (its reads too).
  const { servable } = options;
  const isWritePath = (path: string) =>
    servable.tools ? path !== '/effects' && WRITE_KIND.test(path.slice(1)) : path === `/${servable.kind}`;

  async function write(request: IncomingMessage): Promise<WireReply> {
    const parsed = await parseWrite(request, { tenantHeader, requireKey, nowMs: options.nowMs });
    if ('refusal' in parsed) return parsed.refusal;
    const reply = await core.handle(parsed.request);
    if (reply.status === 'in-progress') {
      return problem(
        409,
        'in-progress',
        'A request with this key is in progress',
        'retry once the first request with this key has answered',
      );
    }
    return encodeReply(reply);
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let reply: WireReply;
    try {
      const path = requestPath(request);
      const method = path === '/effects' ? 'GET' : isWritePath(path) ? 'POST' : undefined;
      if (method === undefined)
        reply = problem(404, 'not-found', 'Not found', `write with POST /${servable.kind}, count with GET /effects`);
      else if (request.method !== method)
        reply = problem(405, 'method-not-allowed', 'Method not allowed', `${path} answers ${method} only`);
      else if (method === 'GET') reply = effectsReply(core, new URL(request.url ?? '/', 'http://receiver'));
      else reply = await write(request);
    } catch (error) {
      reply = problem(500, 'internal', 'Internal error', error instanceof Error ? error.message : String(error));
    }
    if (response.destroyed) return;
    response.writeHead(reply.status, reply.headers);
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      core.close();
      reject(error);
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const chosen = (server.address() as AddressInfo).port;
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          core.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
