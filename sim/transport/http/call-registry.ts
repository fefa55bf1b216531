import type { Contract, ReceiverReply, ReceiverSide } from '../../../protocols/receivers/types.js';

/** One call of a simulated run in flight: whose contract and side serve it, and how it ended on the server. */
export interface PendingCall {
  contract: Contract;
  side: ReceiverSide;
  /** The reply the server sent, once the contract ran to its end: it exists whether or not it arrives (the history shows it). */
  reply?: ReceiverReply;
  /** What the contract threw instead (a crash at a cut inside it, or a bug): the caller rethrows it. */
  failure?: unknown;
  /** Settles once the contract committed and its reply waits to leave: the caller reaches the applied cut then. */
  committed: Promise<void>;
  /** The server says the contract committed; it then waits for `released` before its reply leaves. */
  commit(): void;
  /** Settles once the caller is past the applied cut: true when it died there, and its reply is to be lost on the wire. */
  released: Promise<boolean>;
  release(lost: boolean): void;
}

/** The header naming the pending call a request belongs to. */
export const CALL_HEADER = 'x-cutpoint-call';

/**
 * Pending calls by id, so one server can serve every case of a run: each
 * request names its call, and the server applies that call's contract with
 * that case's side (its file, its virtual clock, its cut seam).
 */
export class CallRegistry {
  private readonly calls = new Map<string, PendingCall>();
  private next = 0;

  add(contract: Contract, side: ReceiverSide): { id: string; call: PendingCall } {
    const id = `call-${++this.next}`;
    let commit = (): void => undefined;
    let release = (_lost: boolean): void => undefined;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const released = new Promise<boolean>((resolve) => (release = resolve));
    const call: PendingCall = { contract, side, committed, commit: () => commit(), released, release: (lost) => release(lost) };
    this.calls.set(id, call);
    return { id, call };
  }

  get(id: string | undefined): PendingCall | undefined {
    return id === undefined ? undefined : this.calls.get(id);
  }

  remove(id: string): void {
    this.calls.delete(id);
  }
}
