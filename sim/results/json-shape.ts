import { isAbsolute, normalize } from 'node:path';

/*
 * Checks for the shape of a results file read back from disk: each covers
 * every field a report reads, so a report never meets a missing one half-way
 * through writing.
 */

/**
 * A check answers undefined when the value is fine, or the problem: a leaf
 * says ' must be …', a container puts the field's place in front of it, so
 * the message reads `cells[3].effects must be …`.
 */
export type Check = (value: unknown) => string | undefined;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const text: Check = (value) => (typeof value === 'string' ? undefined : ' must be a string');
export const count: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : ' must be a non-negative integer';
export const countOrNull: Check = (value) => (value === null || !count(value) ? undefined : ' must be a non-negative integer or null');
export const anyObject: Check = (value) => (isObject(value) ? undefined : ' must be an object');
export const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    allowed.includes(value as string) ? undefined : ` must be ${allowed.map((a) => `'${a}'`).join(' or ')}`;
/** A file path inside the run folder: relative, and not climbing out of it. */
export const innerPath: Check = (value) =>
  typeof value === 'string' && value !== '' && !isAbsolute(value) && !normalize(value).startsWith('..')
    ? undefined
    : ' must be a path inside the run folder';

export function object(shape: Record<string, Check>): Check {
  return (value) => {
    if (!isObject(value)) return ' must be an object';
    for (const [key, check] of Object.entries(shape)) {
      const problem = check(value[key]);
      if (problem) return `.${key}${problem}`;
    }
    return undefined;
  };
}

/** An object whose every value passes `item`, with at least one entry. */
export function entries(item: Check): Check {
  return (value) => {
    if (!isObject(value) || Object.keys(value).length === 0) return ' must be an object with at least one entry';
    for (const [key, entry] of Object.entries(value)) {
      const problem = item(entry);
      if (problem) return `.${key}${problem}`;
    }
    return undefined;
  };
}

export function list(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return ' must be a list';
    for (const [index, entry] of value.entries()) {
      const problem = item(entry);
      if (problem) return `[${index}]${problem}`;
    }
    return undefined;
  };
}

export const finite: Check = (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : ' must be a finite number');

/** A list that must also hold at least one entry. */
export function nonEmptyList(item: Check): Check {
  return (value) => (Array.isArray(value) && value.length === 0 ? ' must not be empty' : list(item)(value));
}

/** The message for a whole file: `cells[3].effects must be …`, or `the file must be …` at the top. */
export function shapeProblem(check: Check, value: unknown): string | undefined {
  const problem = check(value);
  return problem && (problem.startsWith('.') ? problem.slice(1) : `the file${problem}`);
}
