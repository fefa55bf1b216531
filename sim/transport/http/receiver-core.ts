import type { Contract, ReceiverReply, ReceiverRequest, ReceiverSettings, ReceiverSide } from '../../../protocols/receivers/types.js';
import { openSqlite } from '../../engine/connections.js';
import type { ServableReceiver } from './receiver-catalogue.js';

export interface ReceiverCoreOptions {
  /** The receiver's SQLite file; created with the receiver's schema when absent, reused as it is otherwise. */
  dbPath: string;
  servable: ServableReceiver;
  contract: Contract;
  settings: ReceiverSettings;
  /** The receiver's clock: real time for `sim serve`, a virtual one when a simulation drives it. */
  nowMs: () => number;
  /** Reached at each cut inside a multi-step contract and at the receiver's applied cut (after the commit, before the reply). */
  cut?: (name: string) => Promise<void>;
}

/** A request refused because its twin (same tenant and key) is still being handled: the draft's 409. */
export interface InProgress {
  status: 'in-progress';
}

/**
 * What every front (HTTP, MCP) of a served receiver shares: its file, the
 * contract applied to each request, the set of keys in progress, and the
 * oracle's count. A front only translates requests and replies.
 */
export class ReceiverCore {
  private readonly db;
  private readonly side: ReceiverSide;
  private readonly inProgress = new Set<string>();
  /** The contract as served: behind the receiver's own front door when it has one. */
  private readonly contract: Contract;

  constructor(private readonly options: ReceiverCoreOptions) {
    this.db = openSqlite(options.dbPath);
    this.db.exec(options.servable.receiver.schema);
    options.servable.prepare?.(this.db);
    this.contract = options.servable.frontDoor?.(options.contract) ?? options.contract;
    const db = this.db;
    this.side = {
      transaction: async (work) => db.transaction(() => work(db))(),
      cut: (name) => options.cut?.(name) ?? Promise.resolve(),
      nowMs: options.nowMs,
      settings: options.settings,
      effect: options.servable.receiver.effect,
    };
  }

  nowMs(): number {
    return this.options.nowMs();
  }

  /** Applies the contract, unless a request with the same tenant and key is in progress; the reply leaves after the applied cut. */
  async handle(request: ReceiverRequest): Promise<ReceiverReply | InProgress> {
    const slot = `${request.tenant}\u0000${request.key}`;
    if (this.inProgress.has(slot)) return { status: 'in-progress' };
    const problem = this.options.servable.payloadProblem(request.payload);
    if (problem) return { status: 'refused', reason: problem, definitive: true };
    this.inProgress.add(slot);
    try {
      const reply = await this.contract.handle(this.side, request);
      await this.side.cut(this.options.servable.receiver.appliedCut);
      return reply;
    } finally {
      this.inProgress.delete(slot);
    }
  }

  countEffects(key: string, tenant: string | undefined): number {
    return this.options.servable.countEffects(this.db, key, tenant);
  }

  tenantsOf(key: string): string[] {
    return this.options.servable.tenantsOf?.(this.db, key) ?? [];
  }

  close(): void {
    this.db.close();
  }
}
