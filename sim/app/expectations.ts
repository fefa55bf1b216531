import { resolve } from 'node:path';
import { fsReason } from '../results/fs-reason.js';
import { readTextFile } from '../results/read-text-file.js';
import type { TableColumn } from '../engine/family.js';
import type { ExpectedColumns } from '../table/expected-columns.js';
import type { BoundaryExpectation } from '../table/boundary-verdict.js';
import { InputError } from '../engine/input-error.js';

/** What an --expect file gives: N per cut, and the family's other columns, each merged over the reference rows. */
export interface Expectations {
  effects: Record<string, readonly number[]>;
  columns: Record<string, Record<string, number | readonly number[]>>;
  /** The reference's default rows (defaultExpectations) that the file did not replace with an N row of its own. */
  defaultRows: string[];
}

/**
 * Reads an --expect file: a JSON object from protocol name to its expected
 * row, either N per cut, e.g. {"mark-first": [1, 1, 1, 1, 1]}, or an object
 * of N and the family's other columns by header, e.g. {"reference-harness":
 * {"N": [1, 1, 1, 1, 1], "n": [1, 1, 1, 1, 1], "replies": 0}} (a per-cut
 * column a value per cut, a per-row column one number). What a row names
 * replaces the reference; the rest stays. A row naming no protocol of the
 * run is a mistake (a typo would otherwise leave the protocol it meant
 * judged by the reference row, silently), and so is a column the family
 * does not have. A relative path is read from `cwd`, the folder the user ran
 * `sim` in. Any problem is one InputError sentence.
 */
export function readExpectations(
  path: string,
  reference: { effects: Readonly<Record<string, readonly number[]>>; columns?: ExpectedColumns; defaultRows?: readonly string[] },
  family: { cuts: readonly unknown[]; tableColumns?: readonly TableColumn[] },
  protocols: readonly { name: string }[],
  cwd: string,
): Expectations {
  const parsed = readExpectFile(path, cwd);
  const cutsCount = family.cuts.length;
  const columns = family.tableColumns ?? [];
  const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const isRow = (row: unknown) => Array.isArray(row) && row.length === cutsCount && row.every(isCount);
  const merged: Expectations = {
    effects: { ...reference.effects },
    columns: Object.fromEntries(Object.entries(reference.columns ?? {}).map(([name, row]) => [name, { ...row }])),
    defaultRows: [...(reference.defaultRows ?? [])],
  };
  for (const [name, row] of Object.entries(parsed)) {
    mustNameAProtocol(path, name, protocols);
    if (isRow(row)) {
      merged.effects[name] = row as number[];
      continue;
    }
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw new InputError(
        `--expect file ${path}: row '${name}' must be ${cutsCount} non-negative integers, or an object of N and columns`,
      );
    }
    for (const [header, value] of Object.entries(row as Record<string, unknown>)) {
      const column = columns.find((candidate) => candidate.header === header);
      if (header === 'N') {
        if (!isRow(value)) throw new InputError(`--expect file ${path}: row '${name}' N must be ${cutsCount} non-negative integers`);
        merged.effects[name] = value as number[];
      } else if (!column) {
        const known = ['N', ...columns.map((candidate) => candidate.header)].join(', ');
        throw new InputError(`--expect file ${path}: row '${name}' names no column '${header}' (this family has ${known})`);
      } else if (column.per === 'cut' ? !isRow(value) : !isCount(value)) {
        const wanted =
          column.per === 'cut' ? `${cutsCount} non-negative integers, one per cut` : 'one non-negative integer, the worst of the row';
        throw new InputError(`--expect file ${path}: row '${name}' column '${header}' must be ${wanted}`);
      } else {
        merged.columns[name] = { ...merged.columns[name], [header]: value as number | number[] };
      }
    }
  }
  return { ...merged, defaultRows: merged.defaultRows.filter((name) => !isGivenN(parsed, name, isRow)) };
}

/** Whether the file's row for `name` gives N (a bare row, or an object with N): only then is the default row replaced. */
function isGivenN(parsed: object, name: string, isRow: (row: unknown) => boolean): boolean {
  const row = (parsed as Record<string, unknown>)[name];
  return isRow(row) || (row !== null && typeof row === 'object' && 'N' in row);
}

/**
 * Reads an --expect file for `sim table --cuts all`: a JSON object from
 * protocol name to one N for every boundary found ({"my-outbox": 1}), or one
 * N per boundary in the order the table prints them ({"mark-first": [1, 1,
 * 0, 1, 1, 1, 1]}); whether an array fits is known once the boundaries are
 * found (boundaryRowMisfit). Any problem is one InputError sentence.
 */
export function readBoundaryExpectations(
  path: string,
  protocols: readonly { name: string }[],
  cwd: string,
): Record<string, BoundaryExpectation> {
  const parsed = readExpectFile(path, cwd);
  const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  const rows: Record<string, BoundaryExpectation> = {};
  for (const [name, row] of Object.entries(parsed)) {
    mustNameAProtocol(path, name, protocols);
    if (!isCount(row) && !(Array.isArray(row) && row.length > 0 && row.every(isCount))) {
      throw new InputError(
        `--expect file ${path}: under --cuts all, row '${name}' must be one non-negative integer (N at every boundary) or one per boundary found, e.g. {"${name}": 1}`,
      );
    }
    rows[name] = row as BoundaryExpectation;
  }
  return rows;
}

/** The file's JSON object, or one InputError sentence. A relative path is read from `cwd`. */
function readExpectFile(path: string, cwd: string): object {
  let text: string;
  try {
    text = readTextFile(resolve(cwd, path));
  } catch (error) {
    throw new InputError(`cannot read --expect file ${path}: ${fsReason(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError(`--expect file ${path} is not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InputError(`--expect file ${path} must hold an object of protocol name to row, e.g. {"mark-first": [1, 0, 1, 1, 1]}`);
  }
  return parsed;
}

/** A row naming no protocol of the run is a mistake: a typo would otherwise leave the protocol it meant judged by the default. */
function mustNameAProtocol(path: string, name: string, protocols: readonly { name: string }[]): void {
  if (!protocols.some((protocol) => protocol.name === name)) {
    throw new InputError(
      `--expect file ${path}: row '${name}' names no protocol of this run (${protocols.map((p) => p.name).join(', ')}); remove it or add --protocol ${name}`,
    );
  }
}
