import { Option, type Command } from 'commander';
import { familyInputs, inputFlag, inputKey, inputRefusal, type InputRefusal, type OwnedInput } from '../families/index.js';
import { UsageError } from './errors.js';
import { commanderParser } from './options.js';
import { andList } from '../engine/words.js';

/**
 * Adds to `command` the options of families' own that it takes (from the
 * registry's entries), each with its family in its help. `parse: false`
 * keeps the values as typed (a command that repeats them in a replay line);
 * `only` adds those that stand alone, or those that qualify another, where
 * a command's help lists them apart.
 */
export function addFamilyInputs(
  command: Command,
  name: string,
  options: { parse?: boolean; prefix?: boolean; only?: 'standing' | 'qualifying' } = {},
): OwnedInput[] {
  const inputs = familyInputs(name).filter(
    ({ input }) => options.only === undefined || (options.only === 'qualifying') === (input.requires !== undefined),
  );
  for (const { family, input } of inputs) {
    const help = input.helpIn?.[name] ?? input.help;
    const option = new Option(input.flag, options.prefix === false ? help : `${family} family: ${help}`);
    const parser = options.parse === false || !input.parse ? undefined : commanderParser(input.parse);
    if (parser) option.argParser(parser);
    command.addOption(option);
  }
  return inputs;
}

/** `a`, `a or b`, `a, b or c`. */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The families' own inputs of a command that stand alone (they make a workload): `--plan, --policy or --graph`. */
export function standingInputFlags(name: string): string {
  return orList(
    familyInputs(name)
      .filter(({ input }) => !input.requires)
      .map(({ input }) => inputFlag(input)),
  );
}

/** What a command refuses of the families' inputs, for its help: `--plan without --family plan; … --model-timeout-ms without --policy.` */
export function inputRefusalsHelp(name: string): string {
  const inputs = familyInputs(name);
  const families = [...new Set(inputs.map((owned) => owned.family))];
  const standing = families.flatMap((family) => {
    const flags = inputs.filter((owned) => owned.family === family && !owned.input.requires).map(({ input }) => inputFlag(input));
    return flags.length === 0 ? [] : [`${orList(flags)} without --family ${family}`];
  });
  const qualifying = inputs.flatMap(({ input }) => (input.requires ? [`${inputFlag(input)} without ${input.requires.flag}`] : []));
  return `${[...standing, ...qualifying].join('; ')}.`;
}

/** Refuses, as one UsageError, a family's input given to another family or without the input it qualifies. */
export function refuseFamilyInputs(name: string, family: string, given: Readonly<Record<string, unknown>>): void {
  const refusal = inputRefusal(name, family, given);
  if (refusal) throw new UsageError(inputRefusalSentence(refusal));
}

/** A refusal of a family's own inputs in the CLI's words: its flags, and the --family that takes them. */
export function inputRefusalSentence(refusal: InputRefusal): string {
  if (refusal.kind === 'requires') return `${refusal.why}: give ${refusal.flag} too`;
  const flags = refusal.inputs.map(inputFlag);
  return `${andList(flags)} ${flags.length === 1 ? 'belongs' : 'belong'} to the ${refusal.owner} family: add --family ${refusal.owner}`;
}

/** The inputs of a family's own given to this command that are modules of the user's to watch (a model's respond()), in order. */
export function watchedInputs(name: string, given: Readonly<Record<string, unknown>>): { flag: string; value: string }[] {
  return familyInputs(name).flatMap(({ input }) => {
    const value = given[inputKey(input)];
    return input.watched && typeof value === 'string' ? [{ flag: inputFlag(input), value }] : [];
  });
}

/** The first of them, if any. */
export function watchedInputValue(name: string, given: Readonly<Record<string, unknown>>): string | undefined {
  return watchedInputs(name, given)[0]?.value;
}
