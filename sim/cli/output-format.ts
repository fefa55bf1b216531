import { InvalidArgumentError } from 'commander';

/**
 * The output formats of every command, by one name each. `text` is for a
 * person; `json` is exactly one JSON document on stdout (errors too, see
 * `errorDocument`), with progress and any human text on stderr; `junit` is
 * one JUnit XML document for CI systems; `markdown` is the seed table's form.
 */
export const OUTPUT_FORMATS = ['text', 'markdown', 'json', 'junit'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** "text, markdown or json": the formats a command takes, as a sentence lists them. */
export function formatList(allowed: readonly OutputFormat[]): string {
  return allowed.length === 1 ? (allowed[0] ?? '') : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
}

/** Commander parser for `--format` on a command that takes `allowed`. */
export function formatOption<F extends OutputFormat>(allowed: readonly F[]) {
  return (value: string): F => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`format must be one of ${allowed.join(', ')}; got '${value}'.`);
    }
    return value as F;
  };
}

/** The help sentence of `--format` for a command that takes `allowed`. */
export function formatHelp(allowed: readonly OutputFormat[]): string {
  const said: Record<OutputFormat, string> = {
    text: 'text',
    markdown: 'markdown',
    json: 'json (one JSON document on stdout, errors too; progress stays on stderr)',
    junit: 'junit (JUnit XML for CI)',
  };
  return `output: ${formatList(allowed.map((format) => said[format]) as OutputFormat[])}`;
}

/** A value as the one JSON document a command prints: indented, one trailing newline. */
export function jsonDocument(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/**
 * The format the command line asks for, read before commander parses it, so
 * that an error commander or a command throws can still be printed in that
 * format. The last `--format` wins, as in commander.
 */
export function requestedFormat(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  argv.forEach((word, index) => {
    if (word === '--format' || word === '-f') found = argv[index + 1];
    else if (word.startsWith('--format=')) found = word.slice('--format='.length);
  });
  return found;
}

/** What `--format json` prints on stdout instead of a result when the command could not produce one. */
export interface ErrorDocument {
  kind: 'error';
  tool: 'cutpoint';
  /** 2: bad input or environment; 3: a bug of cutpoint; 130 or 143: interrupted by SIGINT or SIGTERM. */
  exitCode: number;
  /** The one line stderr also shows, without the `sim: ` prefix. */
  message: string;
  /** Only for exit 3: the stack, for the bug report. */
  stack?: string;
}

export function errorDocument(exitCode: number, text: string): ErrorDocument {
  const [first = '', ...rest] = text
    .trim()
    .replace(/^sim: /, '')
    .split('\n');
  return {
    kind: 'error',
    tool: 'cutpoint',
    exitCode,
    message: first,
    ...(rest.length > 0 ? { stack: rest.join('\n') } : {}),
  };
}

/** The commands that print JUnit XML: with `--format junit` an error is also a JUnit document on stdout. */
const JUNIT_COMMANDS: ReadonlySet<string> = new Set(['check', 'table', 'probe']);

/**
 * What `--format junit` prints on stdout when the command could not produce
 * its report: one failing case named after the command, its message the line
 * stderr shows (and the stack of a bug of cutpoint), so a CI system that reads
 * the file shows why instead of an empty or missing report. Undefined for a
 * command that prints no JUnit.
 */
export async function junitErrorDocument(argv: readonly string[], exitCode: number, text: string): Promise<string | undefined> {
  const command = argv.find((word) => !word.startsWith('-'));
  if (command === undefined || !JUNIT_COMMANDS.has(command)) return undefined;
  // The JUnit writer loads only for this: a command that succeeds, or prints text, does not pay for it.
  const { junitXml } = await import('../results/junit.js');
  const { message, stack } = errorDocument(exitCode, text);
  const name =
    exitCode === 2
      ? 'bad input or environment (exit 2)'
      : exitCode === 130 || exitCode === 143
        ? `interrupted (exit ${exitCode})`
        : `cutpoint failed (exit ${exitCode})`;
  return junitXml(`sim ${command}`, [{ suite: `sim ${command}`, name, passed: false, message: stack ? `${message}\n${stack}` : message }]);
}
