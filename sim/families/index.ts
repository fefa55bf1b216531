import type { AnySuite } from '../check/suite.js';
import type { AnyFamily } from '../engine/run-case.js';
import { inputFlag, inputKey, type FamilyEntry, type FamilyInput } from './family-entry.js';
import { handoverEntry } from './handover/entry.js';
import { langgraphEntry } from './langgraph/entry.js';
import { openaiAgentsEntry } from './openai-agents/entry.js';
import { planEntry } from './plan/entry.js';
import { reservationEntry } from './reservation/entry.js';

export { inputFlag, inputKey, missingPeers, type FamilyEntry, type EvalOutcome, type EvalRequest, type FamilyEvaluation, type FamilyInput, type FamilyView, type PreparedEvaluation, type SweepRunner } from './family-entry.js';

/**
 * Every family cutpoint knows, in the order `sim list` shows them: the one
 * generic file that names a family. An entry is light (names, options, how to
 * load); a command parses its options against the entries and loads only the
 * family it runs, so `sim table` does not load the plan and handover families
 * or fast-check. Adding a family is adding its folders (sim/families/<name>/,
 * protocols/<name>/, scenarios/<name>/) and its entry here.
 */
export const FAMILY_ENTRIES: readonly FamilyEntry[] = [reservationEntry, planEntry, handoverEntry, langgraphEntry, openaiAgentsEntry];

/** The family a command runs when neither --family nor a built-in protocol names one. */
export const DEFAULT_FAMILY = reservationEntry.name;

export function familyNames(): string[] {
  return FAMILY_ENTRIES.map((entry) => entry.name);
}

export function allProtocolNames(): string[] {
  return FAMILY_ENTRIES.flatMap((entry) => entry.protocolNames);
}

/** The name of the family a built-in protocol belongs to. */
export function familyNameOfProtocol(protocol: string): string | undefined {
  return FAMILY_ENTRIES.find((entry) => entry.protocolNames.includes(protocol))?.name;
}

export function findEntry(name: string): FamilyEntry | undefined {
  return FAMILY_ENTRIES.find((entry) => entry.name === name);
}

/** Loads the family named `name` (and only it); undefined for a name no family has. */
export async function loadFamily(name: string): Promise<AnyFamily | undefined> {
  return findEntry(name)?.load();
}

/** The families whose entries claim a user's module, by what it exports (a LangGraph module its `graph`), in the registry's order. */
export function claimingFamilies(exports: Readonly<Record<string, unknown>>): string[] {
  return FAMILY_ENTRIES.filter((entry) => entry.claims?.(exports)).map((entry) => entry.name);
}

/** A family's property suite, or undefined when it has none (or no family has that name). */
export async function propertySuite(family: string): Promise<AnySuite | undefined> {
  return findEntry(family)?.properties?.();
}

/** Every family's property suite, in the registry's order. */
export async function allPropertySuites(): Promise<AnySuite[]> {
  const suites = await Promise.all(FAMILY_ENTRIES.map((entry) => entry.properties?.()));
  return suites.filter((suite): suite is AnySuite => suite !== undefined);
}

/** A family input, with the family that owns it. */
export interface OwnedInput {
  family: string;
  input: FamilyInput;
}

/**
 * The options of families' own that `command` takes, each once by flag, in
 * the registry's order: a command adds them all and refuses, after parsing,
 * one given to a family that does not own it (inputRefusal).
 */
export function familyInputs(command: string): OwnedInput[] {
  const byFlag = new Map<string, OwnedInput>();
  for (const entry of FAMILY_ENTRIES)
    for (const input of entry.inputs ?? [])
      if (input.commands.includes(command) && !byFlag.has(input.flag)) byFlag.set(input.flag, { family: entry.name, input });
  return [...byFlag.values()];
}

/** What a command refuses about the families' own inputs given to it (by key, as parsed), in one of two kinds. */
export type InputRefusal =
  /** An input that qualifies another, given alone (`--model-timeout-ms` without `--policy`): `<why>: give <flag> too`. */
  | { kind: 'requires'; flag: string; why: string }
  /** Inputs of another family: `owner` and its inputs of this command that stand alone (what `add --family owner` is for). */
  | { kind: 'other-family'; owner: string; inputs: FamilyInput[] };

/**
 * The first problem with the families' own inputs a command was given for
 * `family`, or undefined when they fit: an input lacking the one it
 * qualifies, else an input of another family. Shared by the CLI and the
 * library, so both refuse the same inputs, each in the words of its options.
 */
export function inputRefusal(command: string, family: string, given: Readonly<Record<string, unknown>>): InputRefusal | undefined {
  const inputs = familyInputs(command);
  const present = inputs.filter(({ input }) => given[inputKey(input)] !== undefined);
  for (const { input } of present) {
    const needed = input.requires && inputs.find((other) => inputFlag(other.input) === input.requires?.flag);
    if (input.requires && needed && given[inputKey(needed.input)] === undefined)
      return { kind: 'requires', flag: input.requires.flag, why: input.requires.why };
  }
  const foreign = present.find((owned) => owned.family !== family && !owned.input.requires);
  if (!foreign) return undefined;
  const standing = inputs.filter((owned) => owned.family === foreign.family && !owned.input.requires).map((owned) => owned.input);
  return { kind: 'other-family', owner: foreign.family, inputs: standing };
}
