import type {
  Contract,
  Receiver,
  ReceiverClient,
  ReceiverReply,
  ReceiverRequest,
  ReceiverSettings,
} from '../../../protocols/receivers/types.js';
import { isCrash } from '../../engine/crash.js';
import { immediateTransaction, type Connection } from '../../engine/connections.js';
import type { TransportFaults } from '../../engine/family.js';
import type { JsonValue } from '../../engine/history.js';
import type { Life } from '../../engine/runner.js';

/** Calls made so far over the whole run, every receiver: the ordinals TransportFaults name. */
export class CallOrdinals {
  calls = 0;
}

/**
 * Interim, until main's in-process client lands: runs the contract against
 * the receiver's own connection, then reaches `receiver.appliedCut` before
 * the caller sees the reply (a crash there is the lost reply, recorded as
 * `info`). Transport faults apply except in a quiet life.
 */
export class InProcessReceiverClient implements ReceiverClient {
  constructor(
    private readonly receiver: Receiver,
    private readonly contract: Contract,
    private readonly db: Connection,
    private readonly life: Life,
    private readonly worker: string,
    private readonly settings: ReceiverSettings,
    private readonly faults: TransportFaults,
    private readonly ordinals: CallOrdinals,
  ) {}

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    const ordinal = ++this.ordinals.calls;
    const faulty = !this.life.quiet;
    const nowMs = this.life.clock.nowMs();
    this.record('invoke', { call: ordinal, key: request.key, kind: request.kind });
    if (faulty && this.faults.unavailable.some((window) => window.fromMs <= nowMs && nowMs < window.toMs)) {
      this.record('fail', { status: 'unavailable' });
      return { status: 'unavailable' };
    }
    const side = {
      transaction: async <T>(work: (db: Connection) => T): Promise<T> => {
        this.life.injector.assertAlive(this.worker, `${this.receiver.name} transaction`);
        return immediateTransaction(this.db, work);
      },
      cut: (name: string) => this.life.injector.reach(name, this.worker),
      nowMs: () => this.life.clock.nowMs(),
      settings: this.settings,
      effect: this.receiver.effect,
    };
    let reply: ReceiverReply;
    try {
      reply = await this.contract.handle(side, request);
      await side.cut(this.receiver.appliedCut);
    } catch (error) {
      if (isCrash(error)) this.record('info', 'reply lost in crash');
      throw error;
    }
    if (faulty && this.faults.dropReplies.includes(ordinal)) {
      this.record('info', { lost: 'reply dropped in transit' });
      return { status: 'no-reply' };
    }
    this.record(reply.status === 'ok' ? 'ok' : 'fail', { status: reply.status });
    return reply;
  }

  private record(type: 'invoke' | 'ok' | 'fail' | 'info', value: JsonValue): void {
    const { history, clock, index } = this.life;
    history.record({ atMs: clock.nowMs(), life: index, worker: this.worker, type, op: this.receiver.name, value });
  }
}
