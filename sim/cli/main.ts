import { Command, CommanderError } from 'commander';
import { EXIT, type ExitCode } from './errors.js';
import { refuseEmptyPaths } from './empty-paths.js';
import { exitForError } from './exit-for-error.js';
import type { Io } from './io.js';
import { registerCheck } from './check-command.js';
import { registerExplore } from './explore-command.js';
import { registerShow } from './show-command.js';
import { registerReport } from './report-command.js';
import { registerRun } from './run-command.js';
import { registerTable } from './table-command.js';
import { registerStress } from './stress-command.js';
import { registerList } from './list-command.js';
import { packageVersion } from './version.js';
import { registerServe } from './serve-command.js';
import { registerProbe } from './probe-command.js';
import { registerHandover } from './handover-command.js';

/** Builds the `sim` program. Commands live in their own modules; this file only wires them. */
export function buildProgram(io: Io, exit: (code: ExitCode) => void): Command {
  const program = new Command('sim')
    .description("cutpoint: crash an agent's side-effect protocol at every durable boundary and count the effects")
    .version(packageVersion(), '-V, --version', 'print the version of cutpoint')
    .exitOverride()
    .hook('preAction', refuseEmptyPaths)
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      // Commander puts a suggestion on a second line; bad input gets exactly one line.
      outputError: (text, write) =>
        write(
          `sim: ${text
            .trim()
            .replace(/^error: /, '')
            .replace(/\s*\n\s*/g, ' ')}\n`,
        ),
    });
  registerTable(program, io, exit);
  registerRun(program, io, exit);
  registerCheck(program, io, exit);
  registerExplore(program, io, exit);
  registerShow(program, io, exit);
  registerReport(program, io, exit);
  registerStress(program, io, exit);
  registerList(program, io, exit);
  registerServe(program, io, exit);
  registerProbe(program, io, exit);
  registerHandover(program, io, exit);
  return program;
}

/**
 * Runs `sim` with `argv` (without node and script) and returns the exit code.
 * The single top-level catch: bad input is one line and code 2, a crash of
 * the harness itself is code 3 with its stack, never a check result.
 */
export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const program = buildProgram(io, (exitCode) => {
    code = exitCode;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version were asked for; anything else commander rejects is bad input (already printed).
      return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    }
    // A user's mistake or machine is one line and exit 2; anything else is our bug, exit 3 with the stack.
    const outcome = exitForError(error);
    io.stderr(outcome.text);
    return outcome.code;
  }
}
