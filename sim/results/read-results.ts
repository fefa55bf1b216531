import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import type { TableResults } from './table-results.js';

/** results.json is missing, unreadable or not a table run's; the message is one sentence. */
export class ResultsFileError extends Error {}

/**
 * Reads and checks `<runFolder>/results.json` of a table run. The check
 * covers every field a report reads, so a report never meets a missing one
 * half-way through writing; the first problem found is the message.
 */
export function readTableResults(runFolder: string): TableResults {
  const path = join(runFolder, 'results.json');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !existsSync(runFolder)) throw new ResultsFileError(`run folder ${runFolder} does not exist`);
    if (code === 'ENOENT') throw new ResultsFileError(`no results.json in ${runFolder}: not a run folder of \`sim table\``);
    if (code === 'ENOTDIR') throw new ResultsFileError(`${runFolder} is not a folder`);
    throw new ResultsFileError(`cannot read ${path}: ${code ?? String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ResultsFileError(`${path} is not valid JSON`);
  }
  const problem = tableResultsProblem(parsed);
  if (problem) throw new ResultsFileError(`${path} is not a table run's results: ${problem}`);
  return parsed as TableResults;
}

/**
 * A check answers undefined when the value is fine, or the problem: a leaf
 * says ' must be …', a container puts the field's place in front of it, so
 * the message reads `cells[3].effects must be …`.
 */
type Check = (value: unknown) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const text: Check = (value) => (typeof value === 'string' ? undefined : ' must be a string');
const count: Check = (value) => (Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : ' must be a non-negative integer');
const countOrNull: Check = (value) => (value === null || !count(value) ? undefined : ' must be a non-negative integer or null');
const anyObject: Check = (value) => (isObject(value) ? undefined : ' must be an object');
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    allowed.includes(value as string) ? undefined : ` must be ${allowed.map((a) => `'${a}'`).join(' or ')}`;
/** A file path inside the run folder: relative, and not climbing out of it. */
const innerPath: Check = (value) =>
  typeof value === 'string' && value !== '' && !isAbsolute(value) && !normalize(value).startsWith('..')
    ? undefined
    : ' must be a path inside the run folder';

function object(shape: Record<string, Check>): Check {
  return (value) => {
    if (!isObject(value)) return ' must be an object';
    for (const [key, check] of Object.entries(shape)) {
      const problem = check(value[key]);
      if (problem) return `.${key}${problem}`;
    }
    return undefined;
  };
}

function list(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return ' must be a list';
    for (const [index, entry] of value.entries()) {
      const problem = item(entry);
      if (problem) return `[${index}]${problem}`;
    }
    return undefined;
  };
}

const tableResultsCheck = object({
  kind: oneOf('table'),
  runId: text,
  startedAt: text,
  crashMode: text,
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
        files: object({ orchestrator: innerPath, warehouse: innerPath, history: innerPath }),
      }),
    }),
  ),
  mismatches: list(anyObject),
  verdict: oneOf('match', 'mismatch', 'error'),
});

function tableResultsProblem(value: unknown): string | undefined {
  const problem = tableResultsCheck(value);
  return problem && (problem.startsWith('.') ? problem.slice(1) : `the file${problem}`);
}
