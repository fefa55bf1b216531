import type { Contract, ReceiverClient, ReceiverReply, ReceiverRequest, ReceiverSide } from '../../../protocols/receivers/types.js';
import { isCrash } from '../../engine/crash.js';
import type { TransportFaults } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import type { Life } from '../../engine/runner.js';

/*
 * Interim: the in-process receiver client, until the lead's generic one lands
 * on main (it replaces this file). It does what the warehouse's client does,
 * for any receiver and contract.
 */

/** Per-run transport state that outlives process lives: the call counter behind `dropReplies`. */
export class TransportState {
  calls = 0;

  constructor(readonly faults: TransportFaults) {}

  unavailableAt(nowMs: number): boolean {
    return this.faults.unavailable.some((window) => nowMs >= window.fromMs && nowMs < window.toMs);
  }

  dropsReply(ordinal: number): boolean {
    return this.faults.dropReplies.includes(ordinal);
  }
}

/**
 * Runs the contract against the receiver's store, then awaits the receiver's
 * applied cut before the caller sees the reply: a crash there is the lost
 * reply, recorded as `info`. Transport faults apply except in a quiet life.
 */
export class InProcessReceiverClient implements ReceiverClient {
  constructor(
    private readonly receiver: string,
    private readonly contract: Contract,
    private readonly side: ReceiverSide,
    private readonly appliedCut: string,
    private readonly life: Life,
    private readonly worker: string,
    private readonly transport: TransportState,
  ) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    const ordinal = ++this.transport.calls;
    const faulty = !this.life.quiet;
    this.record(request.kind, 'invoke', { call: ordinal, receiver: this.receiver, tenant: request.tenant, key: request.key });
    if (faulty && this.transport.unavailableAt(this.side.nowMs())) {
      this.record(request.kind, 'fail', { status: 'unavailable' });
      return { status: 'unavailable' };
    }
    let reply: ReceiverReply;
    try {
      reply = await this.contract.handle(this.side, request);
      await this.side.cut(this.appliedCut);
    } catch (error) {
      if (isCrash(error)) this.record(request.kind, 'info', 'reply lost in crash');
      throw error;
    }
    if (faulty && this.transport.dropsReply(ordinal)) {
      this.record(request.kind, 'info', { lost: 'reply dropped in transit', reply: reply as unknown as JsonValue });
      return { status: 'no-reply' };
    }
    this.record(request.kind, reply.status === 'ok' ? 'ok' : 'fail', reply as unknown as JsonValue);
    return reply;
  }

  private record(op: string, type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op, value });
  }
}
