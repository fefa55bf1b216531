import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

/**
 * A JSON Schema validator compiled with ajv on its first use, not at import:
 * every kill-mode child and stress worker imports the family registry, and
 * loading ajv there would cost each process of every family a few hundred ms
 * (measured) whether or not it reads a plan.
 */
export function lazyValidator<T>(
  schema: object,
  options: { allErrors?: boolean } = {},
): { validate(value: unknown): value is T; firstError(): ErrorObject | undefined; errors(): readonly ErrorObject[] } {
  let compiled: ValidateFunction<T> | undefined;
  const validator = (): ValidateFunction<T> => {
    if (!compiled) {
      const { Ajv } = require('ajv') as typeof import('ajv');
      compiled = new Ajv({ allErrors: options.allErrors ?? false }).compile<T>(schema);
    }
    return compiled;
  };
  return {
    validate: (value): value is T => validator()(value),
    firstError: () => validator().errors?.[0] ?? undefined,
    errors: () => validator().errors ?? [],
  };
}

let shared: import('ajv').Ajv | undefined;

/** One ajv instance for the process, created on first use (see lazyValidator for why not at import). */
export function sharedAjv(): import('ajv').Ajv {
  if (!shared) {
    const { Ajv } = require('ajv') as typeof import('ajv');
    shared = new Ajv({ allErrors: false });
  }
  return shared;
}

/**
 * ajv's errors as one line, as ajv's errorsText writes them, except that a
 * value outside an enum names the values allowed: the reader (a user, or a
 * model refused by a tool's schema) learns what to write instead.
 */
export function schemaErrorText(errors: readonly ErrorObject[] | null | undefined, dataVar: string): string {
  if (!errors || errors.length === 0) return 'no errors';
  return errors
    .map((error) => {
      const allowed = error.keyword === 'enum' ? (error.params as { allowedValues?: unknown[] }).allowedValues : undefined;
      const message = allowed ? `must be one of ${allowed.map(String).join(', ')}` : error.message;
      return `${dataVar}${error.instancePath} ${message}`;
    })
    .join(', ');
}
