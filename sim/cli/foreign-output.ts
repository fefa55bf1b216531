import { format } from 'node:util';

/**
 * The console methods that print to stdout (warn goes to stderr already; it is
 * here so that every printing method takes the same path).
 */
const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn'] as const;

/**
 * Sends everything the CLI did not write itself to stderr, while a command
 * runs: a protocol's `console.log` or `process.stdout.write` would otherwise
 * land in the middle of stdout's table or `--format json`. The CLI writes its
 * own output through the handle saved in io.ts, which this leaves alone.
 * Returns the function that puts everything back.
 */
export function divertForeignOutput(stderr: (text: string) => void): () => void {
  const savedWrite = process.stdout.write;
  const savedConsole = CONSOLE_METHODS.map((method) => [method, console[method]] as const);
  // The signature is Node's overloaded one (encoding and callback are optional); the text is what matters.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    stderr(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((arg) => typeof arg === 'function') as ((error?: Error) => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  for (const method of CONSOLE_METHODS) {
    console[method] = (...args: unknown[]) => stderr(`${format(...args)}\n`);
  }
  return () => {
    process.stdout.write = savedWrite;
    for (const [method, saved] of savedConsole) console[method] = saved;
  };
}
