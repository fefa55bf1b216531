import { availableParallelism } from 'node:os';
import { CHUNK_RUNS } from './chunks.js';

/** Options after which a `sim check` runs no chunk beside this process: help, a list, one replayed run. */
const NO_WORKERS = ['-h', '--help', '--list', '--path'];

/** Options of sim check that take no value: every other option (a family's own included) is read as taking one, for counting property names. */
const FLAGS = ['--list', '--report', '-h', '--help'];

/**
 * How many worker processes a `sim check` with these words will want, guessed
 * from the words alone, before commander, the family or the plan are loaded:
 * the command starts them this early so that they load while it does. The
 * guess only decides whether they start early; a wrong one costs a process
 * started and stopped, never a result, since the command checks its options
 * and counts its chunks itself and stops workers it does not take. Zero when
 * in doubt (an option it cannot read, a command that is not check).
 */
export function workersAhead(argv: readonly string[], cores = availableParallelism()): number {
  // `--jobs=2` and `-j2` are `--jobs 2` to commander.
  const words = argv.flatMap((word) =>
    /^--[^=]+=/.test(word) ? word.split(/=(.*)/s, 2) : /^-[a-z]./i.test(word) ? [word.slice(0, 2), word.slice(2)] : [word],
  );
  if (words.find((word) => !word.startsWith('-')) !== 'check') return 0;
  if (words.some((word) => NO_WORKERS.includes(word))) return 0;
  const value = (short: string | undefined, long: string) => {
    const at = words.findIndex((word) => word === long || word === short);
    return at < 0 ? undefined : words[at + 1];
  };
  // Over HTTP the receivers are served by this process, which a worker cannot reach.
  if (value(undefined, '--transport') === 'http') return 0;
  const jobs = count(value('-j', '--jobs') ?? String(cores));
  const runs = count(value('-n', '--runs') ?? '200');
  if (jobs === undefined || runs === undefined) return 0;
  // Property names are the words after `check` that are no option's value; with none, the family's every property runs.
  const names = words.slice(words.indexOf('check') + 1).filter((word, at, rest) => {
    const before = rest[at - 1];
    return !word.startsWith('-') && (before === undefined || !before.startsWith('-') || FLAGS.includes(before));
  });
  const chunks = names.length === 0 ? Number.POSITIVE_INFINITY : names.length * Math.ceil(runs / CHUNK_RUNS);
  return Math.min(jobs, chunks) - 1;
}

/** A whole positive number as the command line gives it, or undefined (the command itself will refuse it). */
function count(word: string): number | undefined {
  return /^[1-9]\d{0,5}$/.test(word) ? Number(word) : undefined;
}
