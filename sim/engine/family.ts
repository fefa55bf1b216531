import type { Contract, Receiver } from '../../protocols/receivers/types.js';
import type { Connection } from './connections.js';
import type { JsonValue } from './history.js';
import type { CrashPoint } from './injector.js';
import type { RunEnd } from './runner.js';
import type { ServingParts } from './serving.js';
import type { Violation } from './verdict.js';
import type { PolicyCalls } from './policy-exercise.js';
import type { World, WorldSpec } from './world-api.js';

export {
  NO_TRANSPORT_FAULTS,
  type CaseFiles,
  type TransportFaults,
  type WorkerContext,
  type World,
  type WorldLife,
  type WorldSpec,
} from './world-api.js';

/**
 * A family of side effects (reservation, plan, handover) as a value, the way
 * a Jepsen workload bundles client, generator and checker: the engine, the
 * CLI, the transports, exploration, kill mode and stress take a Family and
 * never name one. A family is added by adding its folders
 * (sim/families/<family>/, protocols/<family>/, scenarios/<family>/) and its
 * entry in the registry (sim/families/index.ts).
 *
 * P is the family's protocol type, W its workload (what one case asks for:
 * intentions, a plan, conversations), S its protocol settings (leases, retry
 * delays, budgets) in virtual ms.
 */
export interface Family<P extends FamilyProtocol = FamilyProtocol, W = unknown, S = unknown> {
  name: string;
  summary: string;
  /** What N counts, for the line under a table: `reservation rows in warehouse.db`. */
  counted?: string;
  /** The classic cuts, in the order a run reaches them: the table's columns. */
  cuts: readonly CutInfo[];
  /** Built-in protocols, each marked correct, flawed (exists to prove its bug is found) or repaired. */
  protocols: readonly CatalogueEntry<P>[];
  /** The receivers a case of this family talks to; each is a store of its own. */
  receivers: readonly Receiver[];
  /** What serving each receiver takes, by receiver name (`sim serve`, --transport http); a receiver left out is not served. */
  serving?: Readonly<Record<string, ServingParts>>;
  /** What the table runs by default: the seed's case. */
  tableWorkload: W;
  /** The intention whose N fills a table cell. */
  tableIntention: string;
  /** N per built-in protocol at each classic cut on the table's workload: the reference rows a table judges against (scenarios/<family>/). */
  expectedTable: ExpectedTable;
  /** What the family's other columns (its tableColumns) must show, by protocol and column header; absent: measured only. */
  expectedColumns?: ExpectedColumns;
  /** The intention whose N fills a cell when the table runs a user's workload (the plan family's --plan); `tableIntention` when omitted. */
  tableIntentionFor?(workload: W): string;
  /**
   * The workload a protocol brings with it, which its table cases run
   * instead of the family's (a user's graph module names its own input and
   * the model's tool calls); undefined for a protocol that brings none.
   */
  protocolWorkload?(protocol: P): W | undefined;
  /**
   * The N a table cell shows, from a case's N per intention: a family whose
   * cell stands for several intentions reads them its own way (the plan
   * family: the worst of every planned write). The N of the table's intention
   * when omitted.
   */
  tableEffect?(effects: Readonly<Record<string, number>>, workload: W): number;
  /**
   * Where a table case crashes at `cut`: the first hit of the cut in the
   * first life when omitted. Plain data, so a kill-mode child arms the same
   * point (the plan family crashes during the plan's edit step).
   */
  tableCrash?(cut: string, workload: W): CrashPoint;
  /**
   * The table's workload from the family's own inputs (its entry's `inputs`,
   * by key: the plan family's `plan`, the handover family's `policy`…), each
   * file read and checked (a problem is one InputError sentence); undefined
   * when none of them is given. `measuredOnly`: the reference rows say
   * nothing of it and nothing is expected (a user's own model or graph);
   * otherwise the default N=1 of a correct protocol still applies.
   */
  ownTableWorkload?(inputs: Readonly<Record<string, unknown>>, cwd: string): Promise<OwnTableWorkload<W> | undefined>;
  /**
   * The world keeps real files beside its stores (the plan family's JSON
   * checkpoint), so runs that would keep stores in memory (exploration, the
   * determinism check's second run) use a scratch folder on a tmpfs instead.
   */
  needsRealFolder?: true;
  /**
   * A life is one worker whose own steps overlap (a framework saving a
   * checkpoint while a task's writes are saved), in the order the process's
   * event loop gives them: exploration chooses where to crash, never an
   * order, since holding one of those steps at a scheduling point would let
   * the others run ahead in an order no process of the family takes.
   */
  ownOrder?: true;
  /**
   * Everything two workers of one life share lives in the stores, the clock
   * or the files beside the stores: no memory of the world or the protocol is
   * shared between them. An exploration may then read each step's footprint
   * from the statements it runs and explore one order of independent steps.
   * Without it, every step is taken to conflict with every other.
   */
  stepsShareOnlyStores?: true;
  /**
   * The names of a life's workers, for `workers` of them, when they are
   * interchangeable: they run the same code from the same start, and a name
   * is only an identity (compared for equality, never ordered or read for
   * anything else), in every life, and the quiet life's lone worker compares
   * no name but its own with what it wrote itself. Renaming them then
   * maps a run to a run whose end state is the first's renamed, and an
   * exploration explores one state of each set equal up to such a renaming.
   */
  interchangeableWorkers?(workers: number): readonly string[];
  /** Charts of the family's own, drawn into a table run's folder with `--chart` beside the common reports: their paths. */
  tableCharts?(runFolder: string): Promise<string[]>;
  defaultSettings: S;
  /** The orchestrator's schema for this protocol (a protocol may bring its own tables). */
  orchestratorSchema(protocol: P): string;
  /** The contract this protocol binds to each receiver, by receiver name. */
  contracts(protocol: P): Readonly<Record<string, Contract>>;
  /** One process life: the same code in the first attempt, every recovery, the quiet life and a kill-mode child. */
  world(spec: WorldSpec<P, W, S>): World;
  /** After every life ended: N per intention and the family's other counts, read with the checker's own connections. */
  observe(stores: StoreReader, spec: WorldSpec<P, W, S>): Observation;
  /** The workload in one line for headers: `tenantA:k1, tenantB:k1`. */
  describeWorkload(workload: W): string;
  /** The workload `sim explore` explores: `count` intentions chosen so that small counts already meet the interesting cases. */
  exploreWorkload(count: number): W;
  /**
   * The family's checker, as exploration and kill-mode agreement use it:
   * safety, and after faults stop, liveness. The first violation, or none.
   */
  judge(workload: W, outcome: JudgedRun): Violation | undefined;
  /** The table's other columns, read from each case's metrics: after the cuts, per cut or as the worst of a row. */
  tableColumns?: readonly TableColumn[];
  /** How `sim stress` runs this family, if it can: worker `index`'s share of `total` intentions, and settings for a real-time lease. */
  stress?: {
    workload(total: number, workers: number, index: number): W;
    settings(leaseMs: number): S;
    /** Every boundary a built-in protocol awaits: where stress may arm a crash. */
    cuts: readonly string[];
    /**
     * The protocols that must keep N=1 with several processes on one
     * workload; when omitted, every correct or repaired one and every one
     * whose reference row is all ones (the plan family's JSON checkpoint is
     * correct for one agent and expected to fail here).
     */
    mustHold?: readonly string[];
    /**
     * The workers' first lives begin together (a barrier once every process
     * is loaded): the race a trial is about is at the very start (two
     * processes both finding no checkpoint), and should not depend on which
     * process the OS happened to load first.
     */
    startTogether?: true;
  };
  /**
   * A case as its reader wants it, read from its folder's stores (a handover
   * case as a conversation: who said what, which agent was active, when each
   * ticket and message committed); `sim show` prints it instead of the bare
   * event timeline. Absent: the timeline is the view.
   */
  caseView?(folder: string): string[];
  /**
   * How a case called the user's own model given as a family input (the
   * handover family's --policy): asked and answered calls, and the first
   * failure. A table on such an input marks a case with an unanswered call
   * unknown, since the harness's fallback decided there, not the model.
   */
  policyCalls?(result: { metrics: Readonly<Record<string, number>>; localState: Readonly<Record<string, TableRows>> }): PolicyCalls;
  /** Completes a user's module into a protocol of this family, or says in one sentence what is wrong. */
  protocolFromModule(exports: Record<string, unknown>, where: string): P | string;
  /** The workload as JSON and back: kill mode and stress hand it to child processes. */
  workloadToJson(workload: W): JsonValue;
  workloadFromJson(json: JsonValue): W;
}

/** Expected N per protocol, one number per classic cut in the family's order. */
export type ExpectedTable = Readonly<Record<string, readonly number[]>>;

/**
 * What a family's other columns must show, per protocol, by column header:
 * `{"reference-harness": {"n": [1, 1, 1, 1, 1], "replies": 0}}`. A `per:
 * 'cut'` column expects one value per classic cut (in the family's order), a
 * `per: 'row'` column one number, the worst over the row. A header left out
 * is measured only.
 */
export type ExpectedColumns = Readonly<Record<string, Readonly<Record<string, number | readonly number[]>>>>;

/** A table's workload made from a user's inputs (Family.ownTableWorkload). */
export interface OwnTableWorkload<W> {
  workload: W;
  /** The reference rows say nothing of it and nothing is expected (a user's own model or graph). */
  measuredOnly: boolean;
  /** A module of the user's the workload calls (their model): the table says whether each case's calls reached it. */
  userModule?: { file: string; name: string };
}

export interface FamilyProtocol {
  /** Lower-case letters, digits and dashes: it names a folder of each run. */
  name: string;
  summary: string;
}

export type ProtocolStatus = 'correct' | 'flawed' | 'repaired';

export interface CatalogueEntry<P> {
  protocol: P;
  status: ProtocolStatus;
}

export interface CutInfo {
  name: string;
  /** Where it is, in one line: shown by `sim list` and under the table. */
  meaning: string;
}

/** Reads a store of the finished case with a connection of the reader's own, closed before returning. */
export type StoreReader = <T>(store: string, read: (db: Connection) => T) => T;

export type TableRows = Record<string, unknown>[];

/** What a case left behind, as the checker counts it. */
export interface Observation {
  /** N per intention id: the effects each receiver holds for it. */
  effects: Record<string, number>;
  /** The family's other counts (calls against the budget, notices, transfers), shown as a second column group. */
  metrics: Record<string, number>;
  /** Every table of every store, row by row, for reports and checks beyond counting. */
  state: Record<string, Record<string, TableRows>>;
}

/**
 * A column of the table besides N: `per: 'cut'` shows the metric of every
 * case (a group of columns, one per cut), `per: 'row'` the largest value over
 * the row's cases (an invariant that must stay within a bound).
 */
export interface TableColumn {
  header: string;
  metric: string;
  per: 'cut' | 'row';
  /** What it counts, in one line under the table. */
  legend: string;
  /**
   * What a judged row must show in this column when its expected row does not
   * name it (a protocol of the user's, a built-in with no expected column):
   * exactly a number, at most a number, or at most another metric of the same
   * case (the plan's budget). A per-row column is bounded by its worst.
   */
  bound?: ColumnBound;
}

export type ColumnBound = { exactly: number } | { atMost: number } | { atMostMetric: string };

/** What a checker judges: the observation of a finished case and how its lives ended. */
export type JudgedRun = Observation & { end: RunEnd };
