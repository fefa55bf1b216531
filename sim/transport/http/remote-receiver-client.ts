import type { ReceiverClient, ReceiverReply, ReceiverRequest, ReceiverSide } from '../../../protocols/receivers/types.js';
import { isCrash } from '../../engine/crash.js';
import type { JsonValue } from '../../engine/history.js';
import type { Life } from '../../engine/runner.js';
import type { ClientFactory, ReceiverBinding } from '../../engine/worker-context.js';
import { invokeFields, replyFields } from '../../engine/in-process-client.js';
import type { TransportState } from '../../engine/transport-state.js';
import { HttpReceiverClient } from './http-receiver-client.js';

/** Real ms a call to a receiver in another process may take on loopback before its outcome counts as unknown. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * Clients for receivers that run in processes of their own (kill mode and
 * server-kill mode over HTTP): each receiver by name at a URL (its fault
 * proxy's), reached with Node's fetch. The contract runs in the server's
 * process, on its own connection and clock, so the only cut of the call on
 * this side is the receiver's applied cut, reached once the request has
 * left and an answer (or its loss) came back: the receiver may have
 * committed, and a crash there loses the reply, as in process.
 */
export function remoteReceiverClients(urls: Readonly<Record<string, string>>): ClientFactory {
  return (binding, side, life, worker, transport) => {
    const url = urls[binding.receiver.name];
    if (url === undefined) throw new Error(`no server was started for receiver '${binding.receiver.name}'`);
    return new RemoteReceiverClient(
      binding,
      side,
      life,
      worker,
      transport,
      new HttpReceiverClient({ baseUrl: url, timeoutMs: CALL_TIMEOUT_MS }),
    );
  };
}

class RemoteReceiverClient implements ReceiverClient {
  constructor(
    private readonly binding: ReceiverBinding,
    private readonly side: ReceiverSide,
    private readonly life: Life,
    private readonly worker: string,
    private readonly transport: TransportState,
    private readonly http: HttpReceiverClient,
  ) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    const ordinal = ++this.transport.calls;
    this.record(request.kind, 'invoke', invokeFields(ordinal, request));
    const reply = await this.http.send(request);
    if (reply.status === 'unavailable') {
      // Nothing reached the receiver (the connection was refused, or it said so): no applied cut, as in process.
      this.record(request.kind, 'fail', { status: 'unavailable' });
      return reply;
    }
    try {
      await this.side.cut(this.binding.receiver.appliedCut);
    } catch (error) {
      if (isCrash(error)) this.record(request.kind, 'info', 'reply lost in crash');
      throw error;
    }
    if (reply.status === 'no-reply') {
      this.record(request.kind, 'info', { lost: 'no answer from the receiver (it may have committed)' });
      return reply;
    }
    this.record(request.kind, reply.status === 'ok' ? 'ok' : reply.status === 'accepted' ? 'info' : 'fail', replyFields(reply));
    return reply;
  }

  private record(op: string, type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op, value });
  }
}
