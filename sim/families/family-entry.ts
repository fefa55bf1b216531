import type { AnySuite } from '../check/suite.js';
import type { ConversationHarness } from '../engine/conversation-harness.js';
import type { AnyFamily } from '../engine/run-case.js';
import type { MeasuredSweeps } from '../results/sweeps-results.js';

/**
 * What cutpoint knows of a family before loading it: its name, its built-in
 * protocols' names, the options only it takes, and how to load it and its
 * scenarios. Each family defines its entry in its own folder
 * (sim/families/<name>/entry.ts); sim/families/index.ts lists them.
 */
export interface FamilyEntry {
  readonly name: string;
  readonly summary: string;
  /** The built-in protocols, known without loading the family (they must be the loaded family's, in order). */
  readonly protocolNames: readonly string[];
  /** Options only this family takes (`--plan`, `--policy`, …): each command adds those that name it. */
  readonly inputs?: readonly FamilyInput[];
  /** The protocols `sim stress` runs when none is named; every built-in one when absent. */
  readonly stressProtocols?: readonly string[];
  /** A property run of `sim check` can reach its receivers over HTTP (their contracts run behind the routed server). */
  readonly checkOverHttp?: true;
  /**
   * Packages the family's code imports that the user installs (a framework
   * family's optional peer dependencies): where one is missing, the library's
   * installedFamilies() and `sim list` leave the family out instead of failing to load.
   */
  readonly peers?: readonly string[];
  /**
   * The receivers the loaded family says how to serve (the keys of its
   * `serving`), known without loading it: `sim serve` and the HTTP transports
   * load only the families that serve one.
   */
  readonly servedReceivers?: readonly string[];
  /**
   * Whether a user's module, as imported, is one of this family's (a
   * LangGraph module exports its `graph`): a command given that module and
   * no --family runs this family.
   */
  claims?(exports: Readonly<Record<string, unknown>>): boolean;
  /** What a module this family claims exports, as a refusal names it (`agent({ effects, humans, conversation })`): given with claims(). */
  readonly moduleShape?: string;
  /** The family's value: its world, checks, protocols, expected table. Loaded only by a command that runs it. */
  load(): Promise<AnyFamily>;
  /** The family's property suite, for `sim check` (loads fast-check and every property definition). */
  properties?(): Promise<AnySuite>;
  /** The sweeps `sim check --report` measures and draws (the reservation family's retention and concurrency). */
  sweeps?(): Promise<SweepRunner>;
  /**
   * Plays a user's module this entry claims as a conversation harness, for
   * another family's evaluation (`sim eval handover --protocol <module>` on
   * a framework's agents): the module's file, absolute and as given. Every
   * problem with the module is one InputError sentence.
   */
  conversationHarness?(path: string, shownAs: string): Promise<ConversationHarness>;
  /** What `sim eval <family>` runs, when the family can be evaluated. */
  evaluation?(): Promise<FamilyEvaluation>;
  /** `sim <family> show <case-dir>`: a case as its reader wants it (the loaded family's caseView), with the command's help. */
  readonly view?: FamilyView;
}

/** The help of `sim <family> show`, whose output is the loaded family's caseView. */
export interface FamilyView {
  /** The `sim <family>` command's description. */
  readonly description: string;
  /** The `show` subcommand's description. */
  readonly show: string;
  /** What `<case-dir>` must be. */
  readonly caseDir: string;
}

/**
 * One option of a family's own, with its parser and help. The value reaches
 * the family's code by its attribute name (`--model-timeout-ms` as
 * `modelTimeoutMs`), as commander names it.
 */
export interface FamilyInput {
  /** As commander takes it: `--plan <file>`. */
  readonly flag: string;
  /** The help line; commands prefix it with the family (`plan family: …`). */
  readonly help: string;
  /** The commands that take it: `table`, `check`, `eval`, … */
  readonly commands: readonly string[];
  /** A command's own help line, where the option means more there (`sim eval`'s policy under evaluation). */
  readonly helpIn?: Readonly<Partial<Record<string, string>>>;
  /** Reads the value, or throws an InputError saying what was expected; the value as given when absent. */
  parse?(value: string): unknown;
  /** Another input this one only qualifies, and why: given without it, the command refuses `<why>: give <flag> too`. */
  readonly requires?: { readonly flag: string; readonly why: string };
  /**
   * A module of the user's that the command imports and calls (a model's
   * respond()): given it, the CLI runs the command in a watched child, so a
   * call that never returns ends in one line, not a hang.
   */
  readonly watched?: true;
}

/** The name a command's parsed options hold an input's value by, as commander names it: `--model-timeout-ms <ms>` → `modelTimeoutMs`. */
export function inputKey(input: Pick<FamilyInput, 'flag'>): string {
  const long = input.flag.split(/[ ,]+/).find((word) => word.startsWith('--')) ?? input.flag;
  return long.replace(/^--/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The flag alone, as a refusal names it: `--plan <file>` → `--plan`. */
export function inputFlag(input: Pick<FamilyInput, 'flag'>): string {
  return input.flag.split(/[ ,]+/).find((word) => word.startsWith('--')) ?? input.flag;
}

/** The reservation sweeps `sim check --report` measures and draws (retention, concurrency), as a family provides them. */
export interface SweepRunner {
  trialCount(trialsPerPoint: number): number;
  run(options: { seed: number; trialsPerPoint: number; onTrial?: () => void }): Promise<MeasuredSweeps>;
}

/** A family evaluated like a classifier over a labelled suite (`sim eval`): its default suite and how it runs. */
export interface FamilyEvaluation {
  /** The default suite, as JSON Lines. */
  defaultSuite(): Promise<string>;
  /** Reads and checks the suite and the family's own inputs (an InputError in one sentence); runs nothing yet. */
  prepare(request: EvalRequest, cwd: string): Promise<PreparedEvaluation>;
}

export interface EvalRequest {
  /** The suite as JSON Lines, and the name its problems are told by (the file as given, or `(built-in)`). */
  suiteText: string;
  suiteName: string;
  /** The suite's file, absolute, when the user gave one: a miss is appended to it. */
  suitePath?: string;
  /** `--protocol`: the harness under evaluation, a built-in's name or a path to the user's module (the family's reference when absent). */
  protocol?: string;
  /**
   * The harness another family plays the user's module as, when a family
   * claims it (its entry's claims and conversationHarness); undefined for a
   * module no family claims. The registry's answer, handed down by the app.
   */
  claimHarness?(path: string, shownAs: string): Promise<ConversationHarness | undefined>;
  /** Reads the suite's file again, after a miss was appended to it. */
  rereadSuite(): string;
  /** The family's own inputs, by key (`policy`, `graph`, `modelTimeoutMs`), as parsed. */
  inputs: Readonly<Record<string, unknown>>;
  /** A file with one labelled scenario to append to the suite when the subject really misses it, absolute. */
  addMiss?: string;
}

export interface PreparedEvaluation {
  /** Runs the evaluation with its stores under `scratch`. */
  run(scratch: string): Promise<EvalOutcome>;
}

export interface EvalOutcome {
  /** Every threshold met (or none given): exit 0. */
  passed: boolean;
  /** `--format json`'s document. */
  document: unknown;
  /** The text form, line by line (a line may hold several). */
  text: string[];
  /** Writes the report into a run folder; returns the names of what it wrote, for the line that points to it. */
  writeReport(folder: string): Promise<string>;
}

function resolvesFromHere(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The packages of an entry's family that the user installs (its peers) and that do not resolve from cutpoint's installation. */
export function missingPeers(entry: FamilyEntry, resolves: (name: string) => boolean = resolvesFromHere): string[] {
  return (entry.peers ?? []).filter((name) => !resolves(name));
}
