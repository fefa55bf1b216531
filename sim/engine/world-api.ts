import type { ReceiverClient, ReceiverSettings } from '../../protocols/receivers/types.js';
import type { Connection } from './connections.js';
import type { Life } from './runner.js';

/*
 * What a family's world is given and gives back: the files of a case, the
 * transport's faults, the spec of one run, and the life and worker context a
 * world's code runs on (the Family value itself is in family.ts).
 */

/** The files of one case: `<store>.db` for the orchestrator and each receiver, and history.jsonl. */
export interface CaseFiles {
  folder: string;
  /** Store name → path: `orchestrator` and every receiver's name. */
  stores: Readonly<Record<string, string>>;
  history: string;
}

/** Faults between a sender and its receivers, in virtual time and call ordinals, so a run replays exactly. */
export interface TransportFaults {
  /** Windows [fromMs, toMs) in which every call fails before reaching the receiver. */
  unavailable: readonly { fromMs: number; toMs: number }[];
  /** Ordinals (1-based, over the whole run and every receiver) of calls whose reply is lost after the receiver committed. */
  dropReplies: readonly number[];
}

export const NO_TRANSPORT_FAULTS: TransportFaults = { unavailable: [], dropReplies: [] };

/** Everything one run of a family's world is made of. */
export interface WorldSpec<P, W, S> {
  protocol: P;
  workload: W;
  files: CaseFiles;
  settings: S;
  receiverSettings: ReceiverSettings;
  faults: TransportFaults;
  /** Concurrent workers of one life (relays, loop workers); 1 in the quiet life. */
  workers: number;
  /** Bound on a worker's rounds per life; a protocol that keeps work pending past it is stuck. */
  roundsMax: number;
  /** Cut discovery: every commit is a boundary too, each named after its source line. */
  discoverBoundaries: boolean;
}

/**
 * What a life's code gets from the engine for one worker: the cut seam, the
 * clock, the orchestrator, and a client per receiver (the transport decides
 * how a request reaches it). A family's world wraps it into its protocols'
 * context type.
 */
export interface WorkerContext {
  worker: string;
  life: number;
  cut(name: string): Promise<void>;
  nowMs(): number;
  orchestrator: {
    transaction<T>(work: (db: Connection) => T): Promise<T>;
  };
  receiver(name: string): ReceiverClient;
}

/** One process life as a family's world sees it: the engine's life, and a context per worker built on its connections. */
export interface WorldLife extends Life {
  context(worker: string): WorkerContext;
  /**
   * This life's own connection to a store, the one its workers' contexts use:
   * where a world plays the environment (a channel recording what a user
   * wrote, an operator resolving a ticket) it writes through it, so every
   * medium (the in-memory one too) sees one store.
   */
  connection(store: string): Connection;
  /** Runs a world's own transaction on such a connection: retried on SQLITE_BUSY under stress, as the workers' are; at once otherwise. */
  retryBusy<T>(work: () => T): Promise<T>;
  /**
   * Marks a durable write the world made for a worker outside its stores (the
   * plan family's checkpoint file, its temporary file, its rename): under cut
   * discovery a boundary of its own, `kind@<the protocol's line>`, where a
   * crash can fall as at a commit; nothing otherwise.
   */
  wrote(worker: string, kind: string): Promise<void>;
}

/** What one process life does, for one case; `live` throws the Crash at an armed cut and anything else as a bug. */
export interface World {
  live(life: WorldLife): Promise<void>;
}
