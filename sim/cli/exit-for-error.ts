import { InputError } from '../engine/input-error.js';
import { bindingFailure } from '../engine/sqlite-binding.js';
import { errorCode, fsReason, isFsEnvironmentError } from '../results/fs-reason.js';
import { EXIT, type ExitCode } from './errors.js';

/**
 * SQLite's result codes that describe the user's disk or files, not our SQL:
 * a full disk, a read-only or unopenable file, an I/O failure, a file that is
 * not a database. better-sqlite3 puts them on the error's `code`.
 */
const SQLITE_ENVIRONMENT = /^SQLITE_(FULL|READONLY|CANTOPEN|PERM|IOERR|NOTADB|CORRUPT)/;

/** What the top-level catch prints and returns for an error no command handled. */
export interface ErrorOutcome {
  code: ExitCode;
  /** Everything to write on stderr, ending in a newline. */
  text: string;
}

/**
 * Maps an error class to its exit code. A user's mistake or machine (an
 * InputError, a file-system code such as ENOSPC or ENAMETOOLONG, a full or
 * read-only SQLite file, better-sqlite3's native binding missing) is exit 2 with one line; anything else reached the
 * top without being understood, which is a bug of cutpoint: exit 3 with the
 * stack and a request to report it.
 */
export function exitForError(error: unknown): ErrorOutcome {
  if (error instanceof InputError) return { code: EXIT.badInput, text: `sim: ${error.message}\n` };
  const binding = bindingFailure(error);
  if (binding !== undefined) return { code: EXIT.badInput, text: `sim: ${binding}\n` };
  if (isFsEnvironmentError(error)) return { code: EXIT.badInput, text: `sim: ${fsSentence(error as NodeJS.ErrnoException)}\n` };
  const sqliteCode = errorCode(error);
  if (sqliteCode !== undefined && SQLITE_ENVIRONMENT.test(sqliteCode)) {
    return { code: EXIT.badInput, text: `sim: a database file cannot be used: ${oneLine(error)} (${sqliteCode})\n` };
  }
  const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return {
    code: EXIT.internalError,
    text: `sim: internal error: this is a bug in cutpoint, please report it with the command you ran and this output:\n${stack}\n`,
  };
}

/** "cannot write /x/y: no space left on the device: …", from what Node put on the error. */
function fsSentence(error: NodeJS.ErrnoException): string {
  const action = error.syscall ? `cannot ${error.syscall}` : 'file-system error';
  return `${action}${error.path ? ` ${error.path}` : ''}: ${fsReason(error)}`;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
