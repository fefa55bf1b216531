import type { ReserveReply, ReserveRequest, WarehouseClient, WarehouseContract, WarehouseSide } from '../../protocols/types.js';
import { isCrash } from '../engine/crash.js';
import type { JsonValue } from '../engine/history.js';
import type { Life } from '../engine/runner.js';
import type { TransportState } from './transport-faults.js';

/**
 * The in-process transport: runs the contract against warehouse.db, then
 * awaits the `effect-applied` cut before the caller sees the reply. A crash
 * there is the lost reply: the history records the call as `info` (outcome
 * unknown to the caller), whatever the warehouse committed. Transport faults
 * (unavailability, a reply dropped in transit) apply except in a quiet life.
 */
export class InProcessWarehouseClient implements WarehouseClient {
  constructor(
    private readonly contract: WarehouseContract,
    private readonly side: WarehouseSide,
    private readonly life: Life,
    private readonly worker: string,
    private readonly transport: TransportState,
  ) {}

  async reserve(request: ReserveRequest): Promise<ReserveReply> {
    const ordinal = ++this.transport.calls;
    const faulty = !this.life.quiet;
    this.record('invoke', { call: ordinal, tenant: request.tenant, key: request.key, part: request.params.part, qty: request.params.qty });
    if (faulty && this.transport.unavailableAt(this.side.nowMs())) {
      this.record('fail', { status: 'unavailable' });
      return { status: 'unavailable' };
    }
    let reply: ReserveReply;
    try {
      reply = await this.contract.reserve(this.side, request);
      await this.side.cut('effect-applied');
    } catch (error) {
      if (isCrash(error)) this.record('info', 'reply lost in crash');
      throw error;
    }
    if (faulty && this.transport.dropsReply(ordinal)) {
      this.record('info', { lost: 'reply dropped in transit', warehouse: { ...reply } });
      return { status: 'no-reply' };
    }
    this.record(reply.status === 'ok' ? 'ok' : reply.status === 'accepted' ? 'info' : 'fail', { ...reply });
    return reply;
  }

  private record(type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op: 'reserve', value });
  }
}
