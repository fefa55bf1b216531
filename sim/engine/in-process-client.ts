import type { Contract, Receiver, ReceiverClient, ReceiverReply, ReceiverRequest, ReceiverSide } from '../../protocols/receivers/types.js';
import { isCrash } from './crash.js';
import type { JsonValue } from './history.js';
import type { Life } from './runner.js';
import type { TransportState } from './transport-state.js';

/**
 * The in-process transport: runs the contract against the receiver's store,
 * then awaits the receiver's applied cut before the caller sees the reply. A
 * crash there is the lost reply: the history records the call as `info`
 * (outcome unknown to the caller), whatever the receiver committed. Transport
 * faults (unavailability, a reply dropped in transit) apply except in a quiet life.
 */
export class InProcessClient implements ReceiverClient {
  constructor(
    private readonly receiver: Receiver,
    private readonly contract: Contract,
    private readonly side: ReceiverSide,
    private readonly life: Life,
    private readonly worker: string,
    private readonly transport: TransportState,
  ) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    const ordinal = ++this.transport.calls;
    const faulty = !this.life.quiet;
    this.record(request.kind, 'invoke', invokeFields(ordinal, request));
    if (faulty && this.transport.unavailableAt(this.side.nowMs())) {
      this.record(request.kind, 'fail', { status: 'unavailable' });
      return { status: 'unavailable' };
    }
    let reply: ReceiverReply;
    try {
      reply = await this.contract.handle(this.side, request);
      await this.side.cut(this.receiver.appliedCut);
    } catch (error) {
      if (isCrash(error)) this.record(request.kind, 'info', 'reply lost in crash');
      throw error;
    }
    if (faulty && this.transport.dropsReply(ordinal)) {
      this.record(request.kind, 'info', { lost: 'reply dropped in transit', [this.receiver.name]: replyFields(reply) });
      return { status: 'no-reply' };
    }
    this.record(request.kind, reply.status === 'ok' ? 'ok' : reply.status === 'accepted' ? 'info' : 'fail', replyFields(reply));
    return reply;
  }

  private record(op: string, type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op, value });
  }
}

/** A request as the history shows it when it is sent. Every transport records it so. */
export function invokeFields(call: number, request: ReceiverRequest): Record<string, JsonValue> {
  return { call, tenant: request.tenant, key: request.keyShown ?? request.key, ...payloadFields(request.payload) };
}

/** An object payload's fields go into the history event as they are; anything else under `payload`. Every transport records them so. */
export function payloadFields(payload: JsonValue): Record<string, JsonValue> {
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : { payload };
}

/** A reply as history shows it: an object result's fields beside the status, as the reservation timeline always had them. */
export function replyFields(reply: ReceiverReply): Record<string, JsonValue> {
  if (reply.status !== 'ok') return { ...reply };
  return { status: reply.status, ...payloadFields(reply.result), replayed: reply.replayed };
}
