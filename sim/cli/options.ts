import { InvalidArgumentError } from 'commander';
import { CLASSIC_CUTS, parseClassicCut } from '../../protocols/cuts.js';
import { findProtocol, protocolNames } from '../../protocols/registry.js';

/** Parsers for commander: each rejects bad input with one specific sentence. */

export function protocolName(value: string, previous: string[] = []): string[] {
  if (!findProtocol(value)) {
    throw new InvalidArgumentError(`unknown protocol '${value}'; valid: ${protocolNames().join(', ')}.`);
  }
  return previous.includes(value) ? previous : [...previous, value];
}

export function cutIndex(value: string, previous: number[] = []): number[] {
  const cut = parseClassicCut(value);
  if (!cut) {
    throw new InvalidArgumentError(
      `cut must be 0 to ${CLASSIC_CUTS.length - 1} or one of ${CLASSIC_CUTS.join(', ')}; got '${value}'.`,
    );
  }
  return previous.includes(cut.index) ? previous : [...previous, cut.index];
}

export const TABLE_FORMATS = ['text', 'markdown', 'json'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

export function tableFormat(value: string): TableFormat {
  if (!(TABLE_FORMATS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`format must be one of ${TABLE_FORMATS.join(', ')}; got '${value}'.`);
  }
  return value as TableFormat;
}
