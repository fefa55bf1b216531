import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEffectsQuery } from './effects-query.js';
import { ReceiverCore, type ReceiverCoreOptions } from './receiver-core.js';
import { parseWrite } from './parse-write.js';
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
 * GET /effects?tenant=T&key=K answers the oracle's {"count": n}. Nothing a
 * client sends can stop it serving: every refusal is a problem body, and an
 * error inside a contract is a 500 for that request alone.
 */
export async function startReceiverServer(options: ReceiverServerOptions, port = 0): Promise<RunningServer> {
  const core = new ReceiverCore(options);
  const tenantHeader = (options.tenantHeader ?? HEADERS.tenant).toLowerCase();
  const requireKey = options.requireKey ?? true;

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

  function effects(request: IncomingMessage): WireReply {
    const query = parseEffectsQuery(new URL(request.url ?? '/', 'http://receiver'));
    if ('refusal' in query) return query.refusal;
    const count = core.countEffects(query.key, query.tenant);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: { count } };
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let reply: WireReply;
    try {
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      if (request.method === 'GET' && path === '/effects') reply = effects(request);
      else if (request.method === 'POST') reply = await write(request);
      else reply = problem(405, 'method-not-allowed', 'Method not allowed', 'POST /<kind> to write, GET /effects to count');
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
