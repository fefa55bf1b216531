import { resolve } from 'node:path';
import { fsReason } from '../results/fs-reason.js';
import { readTextFile } from '../results/read-text-file.js';
import { UsageError } from './errors.js';

/**
 * Reads an --expect file: a JSON object from protocol name to its expected row,
 * e.g. {"mark-first": [1, 1, 1, 1, 1]}. Rows named there replace the reference
 * rows; the others stay. A row naming no protocol of the run is a mistake (a
 * typo would otherwise leave the protocol it meant judged by the reference
 * row, silently). A relative path is read from `cwd`, the folder the user ran
 * `sim` in. Any problem is one UsageError sentence.
 */
export function readExpectations(
  path: string,
  reference: Readonly<Record<string, readonly number[]>>,
  cutsCount: number,
  protocols: readonly { name: string }[],
  cwd: string,
): Record<string, readonly number[]> {
  let text: string;
  try {
    text = readTextFile(resolve(cwd, path));
  } catch (error) {
    throw new UsageError(`cannot read --expect file ${path}: ${fsReason(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`--expect file ${path} is not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(`--expect file ${path} must hold an object of protocol name to row, e.g. {"mark-first": [1, 0, 1, 1, 1]}`);
  }
  const merged: Record<string, readonly number[]> = { ...reference };
  for (const [name, row] of Object.entries(parsed)) {
    const valid = Array.isArray(row) && row.length === cutsCount && row.every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
    if (!valid) {
      throw new UsageError(`--expect file ${path}: row '${name}' must be ${cutsCount} non-negative integers`);
    }
    if (!protocols.some((protocol) => protocol.name === name)) {
      throw new UsageError(
        `--expect file ${path}: row '${name}' names no protocol of this run (${protocols.map((p) => p.name).join(', ')}); remove it or add --protocol ${name}`,
      );
    }
    merged[name] = row as number[];
  }
  return merged;
}
