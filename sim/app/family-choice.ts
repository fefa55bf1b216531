import type { AnyFamily } from '../engine/run-case.js';
import { DEFAULT_FAMILY, familyNameOfProtocol, loadFamily } from '../families/index.js';
import { InputError } from '../engine/input-error.js';
import { looksLikePath } from './load-protocol.js';

/**
 * The name of the family a command runs: the one named by --family, or else
 * the family of the built-in protocols named (they must agree), or the default.
 */
export function chooseFamilyName(named: string | undefined, protocolValues: readonly string[] = []): string {
  const builtIns = protocolValues.filter((value) => !looksLikePath(value));
  const implied = [...new Set(builtIns.map(familyNameOfProtocol).filter((name): name is string => name !== undefined))];
  if (named !== undefined) return named;
  if (implied.length > 1)
    throw new InputError(
      `the protocols named belong to different families (${implied.join(', ')}): run one family at a time, with --family`,
    );
  return implied[0] ?? DEFAULT_FAMILY;
}

/** The family a command runs (chooseFamilyName), loaded: only that family's modules are imported. */
export async function chooseFamily(named: string | undefined, protocolValues: readonly string[] = []): Promise<AnyFamily> {
  const name = chooseFamilyName(named, protocolValues);
  const family = await loadFamily(name);
  if (!family) throw new InputError(`unknown family '${name}'`);
  return family;
}

/** Resolves --cut values (an index or a name) against the family's cuts. */
export function cutIndexes(family: AnyFamily, values: readonly string[] | undefined): number[] {
  if (!values) return family.cuts.map((_, index) => index);
  const indexes = values.map((value) => {
    const trimmed = value.trim();
    const index = /^\d+$/.test(trimmed) ? Number(trimmed) : family.cuts.findIndex((cut) => cut.name === trimmed);
    if (index < 0 || index >= family.cuts.length) {
      throw new InputError(
        `cut must be 0 to ${family.cuts.length - 1} or one of ${family.cuts.map((cut) => cut.name).join(', ')} (family ${family.name}); got '${value}'`,
      );
    }
    return index;
  });
  return [...new Set(indexes)].sort((a, b) => a - b);
}
