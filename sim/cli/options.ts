import { InputError } from '../engine/input-error.js';
import { wholeNumberInput, type WholeNumberParser } from '../engine/whole-number.js';
import { InvalidArgumentError } from 'commander';
import { allProtocolNames, familyNameOfProtocol } from '../families/index.js';
import { looksLikePath } from '../app/load-protocol.js';
import { parseShard, type Shard } from '../explore/shard.js';

/** Parsers for commander: each rejects bad input with one specific sentence. */

/** A built-in protocol's name (of any family), or a path to a protocol module (loaded later, when the command runs). */
export function protocolName(value: string, previous: string[] = []): string[] {
  if (!familyNameOfProtocol(value) && !looksLikePath(value)) {
    throw new InvalidArgumentError(
      `unknown protocol '${value}'; valid: ${allProtocolNames().join(', ')}, or a path to your own module (./my-protocol.ts).`,
    );
  }
  return previous.includes(value) ? previous : [...previous, value];
}

/** A cut by index or name; checked against the family's cuts when the command runs. */
export function cutValue(value: string, previous: string[] = []): string[] {
  if (value.trim() === '') throw new InvalidArgumentError('a cut is an index or a name; got an empty string.');
  return previous.includes(value) ? previous : [...previous, value];
}

export const TABLE_FORMATS = ['text', 'markdown', 'json'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

export function tableFormat(value: string): TableFormat {
  if (!(TABLE_FORMATS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`format must be one of ${TABLE_FORMATS.join(', ')}; got '${value}'.`);
  }
  return value as TableFormat;
}

export type { WholeNumberParser } from '../engine/whole-number.js';

/**
 * A parser that throws the app's InputError, as commander takes it: the
 * same sentence as commander's own refusal; what the parser carries (a
 * whole number's range) stays on it.
 */
export function commanderParser<P extends (value: string) => unknown>(parse: P): P {
  const wrapped = (value: string): unknown => {
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof InputError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
  return Object.assign(wrapped, parse) as P;
}

/** A whole number in [min, max], or commander's refusal of one sentence saying what was expected. Every numeric option has a maximum. */
export function wholeNumber(what: string, min: number, max: number): WholeNumberParser {
  return commanderParser(wholeNumberInput(what, min, max));
}

export function positiveInt(what: string, max: number): WholeNumberParser {
  return wholeNumber(what, 1, max);
}

/** How --help shows a numeric option's bounds: `(1-1000000)`. */
export function rangeText(min: number, max: number): string {
  return `(${min}-${max})`;
}

/** fast-check seeds are 32-bit integers. */
export function seedValue(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || n < -(2 ** 31) || n > 2 ** 32 - 1) {
    throw new InvalidArgumentError(`seed must be an integer from ${-(2 ** 31)} to ${2 ** 32 - 1}; got '${value}'.`);
  }
  return n;
}

/**
 * The largest number a replay path may hold. fast-check reaches run i of a
 * path by generating the i runs before it (about 1 µs each), so a path like
 * 999999999999999999999 would run for days; ten million is about ten seconds,
 * a hundred times the soak's 100000 runs.
 */
export const REPLAY_SEGMENT_MAX = 10_000_000;
/** A printed path has one segment per shrink step; a thousand is far beyond any real one. */
export const REPLAY_SEGMENTS_MAX = 1_000;

/** A fast-check replay path: colon-separated whole numbers, as printed with every failure. */
export function replayPath(value: string): string {
  const path = value.trim();
  if (!/^\d+(:\d+)*$/.test(path)) {
    throw new InvalidArgumentError(`path must look like 12:0:3 (as printed with a failure); got '${value}'.`);
  }
  const segments = path.split(':');
  if (segments.length > REPLAY_SEGMENTS_MAX || segments.some((segment) => Number(segment) > REPLAY_SEGMENT_MAX)) {
    throw new InvalidArgumentError(
      `path must have at most ${REPLAY_SEGMENTS_MAX} numbers of at most ${REPLAY_SEGMENT_MAX} each (copy it as printed with a failure); got '${value.slice(0, 40)}'.`,
    );
  }
  return path;
}

export const STORES = ['file', 'memory'] as const;

export function storeKind(value: string): (typeof STORES)[number] {
  if (!(STORES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`store must be one of ${STORES.join(', ')}; got '${value}'.`);
  }
  return value as (typeof STORES)[number];
}

export function cutsChoice(value: string): 'all' {
  if (value !== 'all') throw new InvalidArgumentError(`the only value is 'all' (the classic five are the default); got '${value}'.`);
  return 'all';
}

/**
 * A path the user must spell out: an empty string would quietly mean the
 * current folder (`resolve(cwd, '')`), which is never what `--out ''` from an
 * unset shell variable meant.
 */
export function nonEmptyPath(what: string) {
  return (value: string): string => {
    if (value.trim() === '') throw new InvalidArgumentError(`${what} is empty; give a path (is a shell variable unset?).`);
    return value;
  };
}

/** `--shard i/n`: the i-th of n parts of the work, for n CI jobs (or machines) that share it. */
export function shardValue(value: string): Shard {
  const shard = parseShard(value);
  if ('error' in shard) throw new InvalidArgumentError(`${shard.error}.`);
  return shard;
}

/** An HTTP header name as RFC 9110 allows it (a token): anything else could never be sent, or received. */
export function headerName(value: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value)) throw new InvalidArgumentError(`'${value}' is not an HTTP header name.`);
  return value;
}
