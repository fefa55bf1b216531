import { InputError } from './input-error.js';

/**
 * What to do when better-sqlite3's compiled addon cannot be loaded: it is
 * built or downloaded by the package's install script, which an install
 * with --ignore-scripts skips and npm 11 lists for approval
 * (`npm install-scripts`), and it is compiled for one Node version.
 */
const REBUILD =
  'build it in your project with `npm rebuild better-sqlite3` (its install script: where npm 11 skipped it as not yet approved, run `npm approve-scripts better-sqlite3` first)';

/**
 * The one sentence for an error that says better-sqlite3's native binding is
 * missing ('Could not locate the bindings file', from the `bindings` package)
 * or unloadable (compiled for another Node version or platform: Node's
 * ERR_DLOPEN_FAILED naming better_sqlite3.node); undefined for any other error.
 */
export function bindingFailure(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const missing = error.message.startsWith('Could not locate the bindings file');
  const unloadable = (error as NodeJS.ErrnoException).code === 'ERR_DLOPEN_FAILED' && error.message.includes('better_sqlite3.node');
  if (!missing && !unloadable) return undefined;
  return `better-sqlite3's native binding cannot be loaded (${error.message
    .split('\n')[0]
    ?.replace(/\.? Tried:$/, '')
    .trim()}): ${REBUILD}`;
}

/**
 * Opens and closes an in-memory database, so a missing binding is one
 * sentence and exit 2 before a command starts, never a case's error or a
 * property's failure deep in a run. better-sqlite3 is imported here, not
 * above: `sim --version` and the error classifier load none of it.
 */
export async function assertSqliteLoads(): Promise<void> {
  try {
    const { default: Database } = await import('better-sqlite3');
    new Database(':memory:').close();
  } catch (error) {
    const sentence = bindingFailure(error);
    if (sentence !== undefined) throw new InputError(sentence);
    throw error;
  }
}
