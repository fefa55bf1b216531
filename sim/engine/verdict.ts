/**
 * The one verdict vocabulary of every command, results.json, `--format json`,
 * JUnit and the exit code (Jepsen's `valid? true | false | :unknown`):
 * pass, fail, or unknown when the run could not be judged (a case that
 * errored, a cut never reached, a fault a property had to see that never
 * fired, cutpoint's own time limit). A command's own outcome words (a
 * property's held/found/failed/missed/unexercised, a stress protocol's
 * unexercised) stay as that outcome and map to a Verdict by one function.
 */
export type Verdict = 'pass' | 'fail' | 'unknown';

/** What a check found wrong in one run, grouped by kind in reports (Jepsen's "errors grouped by kind"). */
export interface Violation<K extends string = string> {
  /** `duplicate`, `lost`, `stuck`, `identity`, …: the family names its kinds. */
  kind: K;
  /** The intention (or step, or conversation) it concerns, where the family names one. */
  intention?: string;
  message: string;
}

/**
 * The verdict of several parts (cells, rows, properties, protocols), as
 * Jepsen merges `valid?`: a fail anywhere fails the whole, since a defect was
 * measured whatever else could not be judged; otherwise one part not judged
 * leaves the whole unknown; no part at all is a pass.
 */
export function combinedVerdict(verdicts: Iterable<Verdict>): Verdict {
  let combined: Verdict = 'pass';
  for (const verdict of verdicts) {
    if (verdict === 'fail') return 'fail';
    if (verdict === 'unknown') combined = 'unknown';
  }
  return combined;
}

/**
 * A verdict as a results.json stores it, read back: the words of every
 * version, so an older run folder still reads. `error` is the older word for
 * unknown; `match` and `mismatch` the table's first words for pass and fail.
 */
export const STORED_VERDICT_WORDS = ['pass', 'fail', 'unknown', 'error', 'match', 'mismatch'] as const;
export type StoredVerdictWord = (typeof STORED_VERDICT_WORDS)[number];

const OLDER_WORDS: Readonly<Record<StoredVerdictWord, Verdict>> = {
  pass: 'pass',
  fail: 'fail',
  unknown: 'unknown',
  error: 'unknown',
  match: 'pass',
  mismatch: 'fail',
};

export function readStoredVerdict(word: StoredVerdictWord): Verdict {
  return OLDER_WORDS[word];
}

export function isStoredVerdictWord(value: unknown): value is StoredVerdictWord {
  return typeof value === 'string' && Object.hasOwn(OLDER_WORDS, value);
}
