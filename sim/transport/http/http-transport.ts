import { invokeFields, replyFields } from '../../engine/in-process-client.js';
import type {
  Contract,
  JsonValue,
  Receiver,
  ReceiverClient,
  ReceiverReply,
  ReceiverRequest,
  ReceiverSide,
} from '../../../protocols/receivers/types.js';
import { isCrash } from '../../engine/crash.js';
import type { Life } from '../../engine/runner.js';
import type { RunWire } from '../../engine/run-family.js';
import type { ClientFactory } from '../../engine/worker-context.js';
import { WireTurns } from '../../engine/wire-turns.js';
import type { TransportState } from '../../engine/transport-state.js';
import { CALL_HEADER, CallRegistry, type PendingCall } from './call-registry.js';
import { exchange, parseJsonBody } from './exchange.js';
import { FAULT_HEADER, FAULTS_REQUESTED_BY_HEADER } from './fault-plan.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { startRoutedReceiverServer } from './routed-receiver-server.js';
import { keyHeaderValue } from './key-header.js';
import { decodeReply, HEADERS } from './wire.js';

export interface HttpTransport {
  /** The engine's transport seam: the client a worker of a life uses for one receiver, counting faults on the run's state. */
  clientFactory: ClientFactory;
  /** A wire for one run whose workers a scheduler interleaves: its own turns, so the run replays exactly (wire-turns.ts). */
  open(): RunWire;
  proxy: FaultProxy;
  close(): Promise<void>;
}

/** Real ms a simulated call may take on loopback before the run treats it as a bug, not a fault. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * `--transport http`: every receiver call of a simulated run crosses a real
 * wire: fetch, our fault proxy, a node:http server on 127.0.0.1, the
 * Idempotency-Key header, the same encoding as `sim serve`. The server runs
 * in this process, routing each call to its case's contract and side: the
 * contract's cuts and commits must stay crash points of the run, and its
 * clock the run's virtual clock, so a case replays exactly (see
 * routed-receiver-server.ts). Transport faults are decided as in-process (by
 * ordinal and virtual time) and carried out by the proxy on the wire.
 */
export async function startHttpTransport(): Promise<HttpTransport> {
  const calls = new CallRegistry();
  const server = await startRoutedReceiverServer(calls);
  const proxy = await startFaultProxy(server.url, FAULTS_REQUESTED_BY_HEADER);
  const open = (): RunWire => {
    const turns = new WireTurns();
    return {
      turns,
      clientFactory: (binding, side, life, worker, faults) =>
        new HttpTransportClient(binding, side, life, worker, faults, { calls, url: proxy.url, turns }),
    };
  };
  return {
    proxy,
    open,
    clientFactory: open().clientFactory,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}

class HttpTransportClient implements ReceiverClient {
  constructor(
    private readonly binding: { receiver: Receiver; contract: Contract },
    private readonly side: ReceiverSide,
    private readonly life: Life,
    private readonly worker: string,
    private readonly faults: TransportState,
    private readonly wire: { calls: CallRegistry; url: string; turns: WireTurns },
  ) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    await this.wire.turns.take(this.worker);
    try {
      return await this.sendInTurn(request);
    } finally {
      this.wire.turns.give(this.worker);
    }
  }

  private async sendInTurn(request: ReceiverRequest): Promise<ReceiverReply> {
    const ordinal = ++this.faults.calls;
    const faulty = !this.life.quiet;
    this.record(request.kind, 'invoke', invokeFields(ordinal, request));
    const unavailable = faulty && this.faults.unavailableAt(this.side.nowMs());
    const dropped = faulty && !unavailable && this.faults.dropsReply(ordinal);
    const { id, call } = this.wire.calls.add(this.binding.contract, this.side);
    let outcome;
    try {
      const exchanged = exchange({
        url: `${this.wire.url}/${request.kind}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HEADERS.key]: keyHeaderValue(request.key),
          [HEADERS.tenant]: request.tenant,
          [HEADERS.issuedAt]: String(request.issuedAtMs),
          [HEADERS.intention]: request.intentionId,
          [CALL_HEADER]: id,
          ...(unavailable ? { [FAULT_HEADER]: 'unavailable' } : dropped ? { [FAULT_HEADER]: 'drop-reply' } : {}),
        },
        body: JSON.stringify(request.payload),
        timeoutMs: CALL_TIMEOUT_MS,
      });
      const first = await Promise.race([exchanged.then(() => 'answered' as const), call.committed.then(() => 'committed' as const)]);
      if (first === 'committed') await this.reachAppliedCut(call);
      outcome = await exchanged;
    } finally {
      // A call that ended without its commit (a bug, a timeout) must not leave the server waiting for a caller gone.
      call.release(false);
      this.wire.calls.remove(id);
    }
    if (call.failure !== undefined) {
      if (isCrash(call.failure)) this.record(request.kind, 'info', 'reply lost in crash');
      throw call.failure;
    }
    if (unavailable) {
      this.record(request.kind, 'fail', { status: 'unavailable' });
      return { status: 'unavailable' };
    }
    const sent = call.reply;
    if (!sent) throw new Error(`the HTTP transport lost call ${ordinal} before the receiver handled it: ${JSON.stringify(outcome)}`);
    if (outcome.kind === 'no-response') {
      if (!dropped) throw new Error(`the HTTP transport lost the reply of call ${ordinal} unasked: ${outcome.message}`);
      this.record(request.kind, 'info', { lost: 'reply dropped in transit', [this.binding.receiver.name]: replyFields(sent) });
      return { status: 'no-reply' };
    }
    const reply = decodeReply(outcome.status, outcome.headers, parseJsonBody(outcome.bodyText));
    this.record(request.kind, reply.status === 'ok' ? 'ok' : reply.status === 'accepted' ? 'info' : 'fail', replyFields(reply));
    return reply;
  }

  /**
   * The receiver committed and its reply waits on the server: the applied cut
   * is reached here, in the caller's own chain of calls (so a boundary found
   * by --cuts all is named after the protocol's line, as in process), and a
   * crash there has the server's reply lost by the fault proxy on the wire.
   */
  private async reachAppliedCut(call: PendingCall): Promise<void> {
    try {
      await this.side.cut(this.binding.receiver.appliedCut);
      call.release(false);
    } catch (error) {
      call.failure = error;
      call.release(true);
    }
  }

  private record(op: string, type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op, value });
  }
}
