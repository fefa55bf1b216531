import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_HEADER, type CallRegistry } from './call-registry.js';
import { FAULT_HEADER } from './fault-plan.js';
import { header, parseWrite } from './parse-write.js';
import type { RunningServer } from './receiver-server.js';
import { encodeReply, HEADERS, problem, type WireReply } from './wire.js';

/**
 * The HTTP server of a simulated run: a real node:http server on 127.0.0.1,
 * parsing the same writes and sending the same replies as `sim serve`, but
 * applying each call's contract with the side its caller registered (the
 * case's receiver file, virtual clock and cut seam). So one server serves
 * every case, and a crash at a cut inside a contract still ends the caller's
 * process life, as it does in-process: the server keeps the Crash for the
 * caller to rethrow and sends nothing. Between the commit and the reply
 * the caller reaches the receiver's applied cut; a crash there is the lost
 * reply, which the fault proxy carries out on the wire.
 */
export async function startRoutedReceiverServer(calls: CallRegistry): Promise<RunningServer> {
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const call = calls.get(header(request, CALL_HEADER));
    if (request.method !== 'POST' || !call) {
      return send(response, problem(404, 'no-such-call', 'No such call', `a simulated write names its pending call in ${CALL_HEADER}`));
    }
    const parsed = await parseWrite(request, { tenantHeader: HEADERS.tenant, requireKey: true, nowMs: call.side.nowMs });
    if ('refusal' in parsed) return send(response, parsed.refusal);
    let reply: WireReply;
    try {
      call.reply = await call.contract.handle(call.side, parsed.request);
      reply = encodeReply(call.reply);
    } catch (error) {
      call.failure = error;
      return void response.destroy();
    }
    call.commit();
    // The caller reaches the applied cut now, in its own process life; if it died there, the reply leaves with a
    // request to the fault proxy to lose it on the wire, as a dead caller's closed socket would.
    const lost = await call.released;
    send(response, lost ? { ...reply, headers: { ...reply.headers, [FAULT_HEADER]: 'drop-reply' } } : reply);
  }

  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(response: ServerResponse, reply: WireReply): void {
  if (response.destroyed) return;
  response.writeHead(reply.status, reply.headers);
  response.end(JSON.stringify(reply.body));
}
