import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { anyObject, count, countOrNull, entries, innerPath, list, object, oneOf, shapeProblem, text } from './json-shape.js';
import type { TableResults } from './table-results.js';
import { InputError } from '../engine/input-error.js';
import { readStoredVerdict, STORED_VERDICT_WORDS, type StoredVerdictWord } from '../engine/verdict.js';
import { fsReason } from './fs-reason.js';
import { readTextFile } from './read-text-file.js';
import { interruptedMark } from './interrupted-mark.js';

/** results.json is missing, unreadable or not a table run's; the message is one sentence. */
export class ResultsFileError extends InputError {}

/**
 * Reads and checks `<runFolder>/results.json` of a table run. The check
 * covers every field a report reads, so a report never meets a missing one
 * half-way through writing; the first problem found is the message.
 */
export function readTableResults(runFolder: string): TableResults {
  const path = join(runFolder, 'results.json');
  let text: string;
  try {
    text = readTextFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !existsSync(runFolder)) throw new ResultsFileError(`run folder ${runFolder} does not exist`);
    const interrupted = code === 'ENOENT' ? interruptedMark(runFolder) : undefined;
    if (interrupted !== undefined) throw new ResultsFileError(`${runFolder}: the run was ${interrupted}, before it wrote results.json`);
    if (code === 'ENOENT') throw new ResultsFileError(`no results.json in ${runFolder}: not a run folder of \`sim table\``);
    if (code === 'ENOTDIR') throw new ResultsFileError(`${runFolder} is not a folder`);
    throw new ResultsFileError(`cannot read ${path}: ${fsReason(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ResultsFileError(`${path} is not valid JSON`);
  }
  const problem = shapeProblem(tableResultsCheck, parsed);
  if (problem) throw new ResultsFileError(`${path} is not a table run's results: ${problem}`);
  const results = parsed as Omit<TableResults, 'verdict'> & { verdict: StoredVerdictWord };
  return { ...results, verdict: readStoredVerdict(results.verdict) };
}

const tableResultsCheck = object({
  kind: oneOf('table'),
  runId: text,
  startedAt: text,
  crashMode: text,
  family: text,
  intention: text,
  protocols: list(object({ name: text, summary: text, contract: object({ name: text, summary: text }) })),
  cuts: list(object({ index: count, name: text, meaning: text })),
  cells: list(
    object({
      protocol: text,
      cut: object({ index: count, name: text }),
      effects: countOrNull,
      expected: countOrNull,
      case: object({
        localState: anyObject,
        files: object({ folder: innerPath, stores: entries(innerPath), history: innerPath }),
      }),
    }),
  ),
  mismatches: list(anyObject),
  verdict: oneOf(...STORED_VERDICT_WORDS),
});
