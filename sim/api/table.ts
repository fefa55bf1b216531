import { withTypeErrors } from './type-errors.js';
import type { ExpectedColumns } from '../table/expected-columns.js';
import { executeTableRun } from '../app/table-run.js';
import { inputKey } from '../families/index.js';
import { tableReference, tableWorkload, type TableWords } from '../app/table.js';
import type { CrashMode, TableResults } from '../results/table-results.js';
import { familyOf, inputPath, resolveProtocol, type FamilyRef, type ProtocolRef } from './protocol-ref.js';
import { checkChoice } from './validate.js';
import { andList } from '../engine/words.js';

export interface TableOptions {
  /** The protocols to run: built-in names, paths to your modules, or file URLs. */
  protocols: readonly ProtocolRef[];
  /** The family (default: the one the built-in protocols belong to, or the one whose module you give, else reservation). */
  family?: FamilyRef;
  /**
   * Expected N per protocol name, one number per classic cut in the family's
   * order. Built-in protocols default to the reference table's rows; a
   * protocol with no row (one of yours, a correct built-in the reference
   * table leaves out) must give N=1 at every cut, and every protocol with an
   * N row keeps each other column within its bound (the plan's budget), as
   * `sim table` judges them. A flawed built-in with no row is measured only.
   */
  expected?: Readonly<Record<string, readonly number[]>>;
  /**
   * Expected values of the family's other columns (the plan family's calls
   * against the budget, the handover family's tickets and notices), by
   * protocol name, then column header: one number for every cut, or one per
   * cut. Built-in protocols default to the reference values.
   */
  expectedColumns?: ExpectedColumns;
  /**
   * Judge nothing, as `sim table --measure-only`: every cell measured, the
   * verdict `pass` unless a case could not be judged. Not with `expected` or
   * `expectedColumns`.
   */
  measureOnly?: boolean;
  /** Parent folder of the run folder, taken from the current folder (default `runs`, as `sim table -o`). */
  out?: string;
  /** in-process (default) or kill (each attempt in a child process ended with SIGKILL). */
  crashMode?: CrashMode;
  /** Plan family: your plan file (JSON, checked against the plan schema) instead of the seed's, as `sim table --plan`. */
  plan?: ProtocolRef;
  /** Plan family: the plan's write step each case crashes during (default: its first), as `sim table --crash-step`. */
  crashStep?: string;
  /**
   * Handover family: your own model, a module exporting respond(conversation, tools), as `sim table --policy`;
   * measured only. It runs in this process: unlike the CLI's watched child, a respond() that never returns hangs the call.
   */
  policy?: ProtocolRef;
  /** Handover family: your own handover graph as JSON, as `sim table --graph`; measured only. */
  graph?: ProtocolRef;
}

/** runTable's refusals of a user's inputs, in its options. */
const RUN_TABLE_WORDS: TableWords = (refusal, family) => {
  if (refusal.kind === 'requires') return `runTable: ${refusal.why}: give ${refusal.flag} too`;
  const names = refusal.inputs.map(inputKey);
  return `runTable: ${andList(names)} ${names.length === 1 ? 'belongs' : 'belong'} to the ${refusal.owner} family: give family '${refusal.owner}', not '${family}'`;
};

/**
 * Runs every (protocol, cut) case of a family's table and returns the same
 * value `sim table` writes as results.json (also written in the run folder).
 * `verdict` is `pass` only when every expected cell and column value measured as expected
 * (see `expected` for what is expected of a protocol nobody gave a row).
 */
export function runTable(options: TableOptions): Promise<TableResults & { runFolder: string }> {
  return withTypeErrors(() => runTableUnchecked(options));
}

async function runTableUnchecked(options: TableOptions): Promise<TableResults & { runFolder: string }> {
  if (options.protocols.length === 0) throw new TypeError('runTable: give at least one protocol');
  checkChoice('runTable', 'crashMode', options.crashMode, ['in-process', 'kill']);
  const family = await familyOf(options.family, options.protocols);
  const inputs = {
    plan: inputPath(options.plan),
    crashStep: options.crashStep,
    policy: inputPath(options.policy),
    graph: inputPath(options.graph),
  };
  if (options.measureOnly && (options.expected || options.expectedColumns))
    throw new TypeError('runTable: measureOnly judges nothing: give it without expected or expectedColumns');
  const cwd = process.cwd();
  const own = await tableWorkload(family, inputs, cwd, RUN_TABLE_WORDS);
  const resolved = [];
  for (const ref of options.protocols) resolved.push(await resolveProtocol(ref, family));
  for (const [name, row] of Object.entries(options.expected ?? {})) {
    if (!resolved.some(({ protocol }) => protocol.name === name))
      throw new TypeError(
        `runTable: expected names '${name}', which is not in this table; its protocols: ${resolved.map(({ protocol }) => protocol.name).join(', ')}`,
      );
    if (row.length !== family.cuts.length)
      throw new TypeError(
        `runTable: expected['${name}'] has ${row.length} numbers; the ${family.name} family has ${family.cuts.length} classic cuts`,
      );
  }
  const headers = (family.tableColumns ?? []).map((column) => column.header);
  for (const [name, row] of Object.entries(options.expectedColumns ?? {})) {
    if (!resolved.some(({ protocol }) => protocol.name === name))
      throw new TypeError(`runTable: expectedColumns names '${name}', which is not in this table`);
    for (const [header, value] of Object.entries(row)) {
      if (!headers.includes(header))
        throw new TypeError(
          `runTable: expectedColumns['${name}'] names no column '${header}' (the ${family.name} family has ${headers.join(', ') || 'none'})`,
        );
      if (Array.isArray(value) && value.length !== family.cuts.length)
        throw new TypeError(
          `runTable: expectedColumns['${name}']['${header}'] has ${value.length} numbers; give one, or one per classic cut (${family.cuts.length})`,
        );
    }
  }
  const protocols = resolved.map(({ protocol }) => protocol);
  const reference = tableReference(family, own, protocols, options.measureOnly);
  const files = new Map(resolved.flatMap(({ protocol, file }) => (file === undefined ? [] : [[protocol.name, file] as const])));
  const { results, runFolder } = await executeTableRun({
    family,
    protocols,
    protocolFiles: files,
    cutIndexes: family.cuts.map((_, index) => index),
    outDir: options.out ?? 'runs',
    cwd,
    expected: { ...reference.effects, ...options.expected },
    expectedColumns: { ...reference.columns, ...options.expectedColumns },
    defaultRows: reference.defaultRows.filter((name) => options.expected?.[name] === undefined),
    ...(own.workload === undefined ? {} : { workload: own.workload }),
    ...(own.policy ? { policy: own.policy } : {}),
    crashMode: options.crashMode ?? 'in-process',
  });
  return { ...results, runFolder };
}
