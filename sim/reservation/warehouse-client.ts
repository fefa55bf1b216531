import type { ReserveReply, ReserveRequest, WarehouseClient, WarehouseContract, WarehouseSide } from '../../protocols/types.js';
import { isCrash } from '../engine/crash.js';
import type { JsonValue } from '../engine/history.js';
import type { Life } from '../engine/runner.js';

/**
 * The in-process transport: runs the contract against warehouse.db, then
 * awaits the `effect-applied` cut before the caller sees the reply. A crash
 * there is the lost reply: the history records the call as `info` (outcome
 * unknown to the caller), whatever the warehouse committed.
 */
export class InProcessWarehouseClient implements WarehouseClient {
  constructor(
    private readonly contract: WarehouseContract,
    private readonly side: WarehouseSide,
    private readonly life: Life,
    private readonly worker: string,
  ) {}

  async reserve(request: ReserveRequest): Promise<ReserveReply> {
    this.record('invoke', { tenant: request.tenant, key: request.key, part: request.params.part, qty: request.params.qty });
    let reply: ReserveReply;
    try {
      reply = await this.contract.reserve(this.side, request);
      // A call refused before reaching the warehouse has no remote commit to lose a reply after.
      if (reply.status !== 'unavailable') await this.side.cut('effect-applied');
    } catch (error) {
      if (isCrash(error)) this.record('info', 'reply lost in crash');
      throw error;
    }
    this.record(reply.status === 'ok' ? 'ok' : 'fail', { ...reply });
    return reply;
  }

  private record(type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op: 'reserve', value });
  }
}
