import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, finite, nonEmptyList, object, oneOf, shapeProblem, text, type Check } from './json-shape.js';
import { fsReason } from './fs-reason.js';
import { ResultsFileError } from './read-results.js';
import { readTextFile } from './read-text-file.js';
import { SWEEPS_FILE_NAME, type SweepsResults } from './sweeps-results.js';

const point = object({
  x: finite,
  trials: count,
  intentions: count,
  duplicates: count,
  lost: count,
  unfinished: count,
  duplicatesPer1000: finite,
});

const sweep: Check = object({
  name: text,
  title: text,
  xLabel: text,
  fixed: text,
  series: nonEmptyList(object({ name: text, points: nonEmptyList(point) })),
});

const sweepsCheck = object({
  kind: oneOf('sweeps'),
  runId: text,
  startedAt: text,
  seed: finite,
  trialsPerPoint: count,
  store: oneOf('memory'),
  retention: sweep,
  concurrency: sweep,
  timingsMs: object({ total: finite }),
});

/** Whether a run folder holds sweeps to draw. */
export function hasSweeps(runFolder: string): boolean {
  return existsSync(join(runFolder, SWEEPS_FILE_NAME));
}

/**
 * Reads and checks `<runFolder>/sweeps.json`, the source of the sweep
 * charts. Every field a chart reads is checked first; the first problem found
 * is a ResultsFileError with one sentence.
 */
export function readSweepsResults(runFolder: string): SweepsResults {
  const path = join(runFolder, SWEEPS_FILE_NAME);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readTextFile(path));
  } catch (error) {
    if (error instanceof SyntaxError) throw new ResultsFileError(`${path} is not valid JSON`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new ResultsFileError(`no ${SWEEPS_FILE_NAME} in ${runFolder}: run \`sim check --report\` to measure the sweeps`);
    throw new ResultsFileError(`cannot read ${path}: ${fsReason(error)}`);
  }
  const problem = shapeProblem(sweepsCheck, parsed);
  if (problem) throw new ResultsFileError(`${path} is not a sweeps file: ${problem}`);
  return parsed as SweepsResults;
}

/** Whether a folder's results.json is a `sim check` run's: its reports are the sweep charts. */
export function isCheckRun(runFolder: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readTextFile(join(runFolder, 'results.json')));
    return parsed !== null && typeof parsed === 'object' && (parsed as { kind?: unknown }).kind === 'check';
  } catch {
    // Missing or not JSON: not a check run; the table run's reader then says exactly what is wrong.
    return false;
  }
}
