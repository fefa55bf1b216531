import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/**
 * Reads an --expect file: a JSON object from protocol name to its expected row,
 * e.g. {"mark-first": [1, 1, 1, 1, 1]}. Rows named there replace the reference
 * rows; the others stay. Any problem is one UsageError sentence.
 */
export function readExpectations(
  path: string,
  reference: Readonly<Record<string, readonly number[]>>,
  cutsCount: number,
): Record<string, readonly number[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --expect file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
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
    merged[name] = row as number[];
  }
  return merged;
}
