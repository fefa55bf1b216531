import { Command, CommanderError } from 'commander';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import { assertSqliteLoads } from '../engine/sqlite-binding.js';
import { refuseEmptyPaths } from './empty-paths.js';
import { refuseOutInsideRun } from './out-folder.js';
import { exitForError } from './exit-for-error.js';
import { globalFlagProblem } from './global-flags.js';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { discardUnfinishedRunFolders } from '../app/run-folder-life.js';
import type { Io } from './io.js';
import { FAMILY_ENTRIES, type FamilyEntry, type FamilyView } from '../families/index.js';
import { packageVersion } from './version.js';
import { errorDocument, jsonDocument, junitErrorDocument, requestedFormat } from './output-format.js';

/** How a command module adds itself to the program. */
type Register = (program: Command, io: Io, exit: (code: ExitCode) => void) => void;
/** Work a command leaves for the end of `main`, whatever way it ends (bad input included). */
type AtEnd = (finish: () => Promise<void>) => void;
/** Loads a command's module, and hands `atEnd` whatever must be stopped when the command ends. */
type Loader = (atEnd: AtEnd) => Promise<Register>;

/**
 * Every command, by name, loaded on demand: a run of `sim table` does not
 * pay for loading the probe, the MCP SDK or the property definitions. Help
 * or an unknown command loads them all; a version request loads none.
 */
const COMMANDS: Readonly<Record<string, Loader>> = {
  table: async () => (await import('./table-command.js')).registerTable,
  run: async () => (await import('./run-command.js')).registerRun,
  check: async (atEnd) => {
    // Worker processes the command starts ahead (from its parsed options) and does not take are stopped and reaped at its end.
    const early = await import('../check/early-workers.js');
    atEnd(early.stopUnusedChunkWorkers);
    const { registerCheck } = await import('./check-command.js');
    return (program, io, exit) => registerCheck(program, io, exit);
  },
  explore: async () => (await import('./explore-command.js')).registerExplore,
  show: async () => (await import('./show-command.js')).registerShow,
  report: async () => (await import('./report-command.js')).registerReport,
  stress: async () => (await import('./stress-command.js')).registerStress,
  list: async () => (await import('./list-command.js')).registerList,
  serve: async () => (await import('./serve-command.js')).registerServe,
  probe: async () => (await import('./probe-command.js')).registerProbe,
  eval: async () => (await import('./eval-command.js')).registerEval,
  // `sim <family> show`, for each family whose entry brings a view of a case.
  ...Object.fromEntries(
    FAMILY_ENTRIES.filter((entry): entry is FamilyEntry & { view: FamilyView } => entry.view !== undefined).map((entry) => [
      entry.name,
      async () => (await import('./family-command.js')).registerFamilyCommand(entry),
    ]),
  ),
};

/** Commands that read results and write reports only: every other one opens SQLite databases. */
const READS_ONLY_FILES = new Set(['list', 'show', 'report']);

/** Builds the `sim` program. Commands live in their own modules; this file only wires them. */
export async function buildProgram(
  io: Io,
  exit: (code: ExitCode) => void,
  argv: readonly string[] = [],
  atEnd: AtEnd = () => undefined,
): Promise<Command> {
  const program = new Command('sim')
    .description("cutpoint: crash an agent's side-effect protocol at every durable boundary and count the effects")
    .version(packageVersion(), '-V, --version', 'print the version of cutpoint')
    .exitOverride()
    .hook('preAction', refuseEmptyPaths)
    .hook('preAction', refuseOutInsideRun(io.cwd))
    .hook('preAction', async (_program, command) => {
      if (!READS_ONLY_FILES.has(command.name())) await assertSqliteLoads();
    })
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      // Commander puts a suggestion on a second line; bad input gets exactly one line.
      outputError: (text, write) => write(`sim: ${commanderLine(text)}\n`),
    });
  const named = argv.find((word) => !word.startsWith('-'));
  // `sim --version` needs no command at all (loading them all took it from 0.15 s to 0.9 s).
  const versionOnly = named === undefined && argv.some((word) => word === '-V' || word === '--version');
  const wanted = named !== undefined && named in COMMANDS ? [named] : versionOnly ? [] : Object.keys(COMMANDS);
  for (const name of wanted) (await COMMANDS[name]!(atEnd))(program, io, exit);
  return program;
}

/**
 * Runs `sim` with `argv` (without node and script) and returns the exit code.
 * The single top-level catch: bad input is one line and code 2, a crash of
 * the harness itself is code 3 with its stack, never a check result.
 */
export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const finishing: (() => Promise<void>)[] = [];
  try {
    const program = await buildProgram(
      io,
      (exitCode) => {
        code = exitCode;
      },
      argv,
      (finish) => finishing.push(finish),
    );
    const flagProblem = globalFlagProblem(argv, program);
    if (flagProblem !== undefined) throw new UsageError(flagProblem);
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    // With --format json (or junit), the error is also the one document on stdout; stderr keeps its line for a person.
    if (error instanceof CommanderError) {
      // Help and version were asked for; anything else commander rejects is bad input (already printed).
      if (error.exitCode === 0) return EXIT.ok;
      await errorOnStdout(io, argv, EXIT.badInput, commanderLine(error.message));
      return EXIT.badInput;
    }
    // A run folder a full disk cut short holds no verdict, only the stores of cases cut short: it is not left behind.
    if (error instanceof EnvironmentFailure) discardUnfinishedRunFolders();
    // A user's mistake or machine is one line and exit 2; anything else is our bug, exit 3 with the stack.
    const outcome = exitForError(error);
    io.stderr(outcome.text);
    await errorOnStdout(io, argv, outcome.code, outcome.text);
    return outcome.code;
  } finally {
    // What the command left for its end (sim check's workers started ahead and not taken) ends with it.
    for (const finish of finishing) await finish();
  }
}

/** The error as the document `--format json` or `--format junit` asked for, on stdout. */
async function errorOnStdout(io: Io, argv: readonly string[], code: ExitCode, text: string): Promise<void> {
  const format = requestedFormat(argv);
  if (format === 'json') io.stdout(jsonDocument(errorDocument(code, text)));
  if (format !== 'junit') return;
  const junit = await junitErrorDocument(argv, code, text);
  if (junit !== undefined) io.stdout(junit);
}

/** Commander's message as one line: it puts a suggestion on a second line, and bad input gets exactly one. */
function commanderLine(text: string): string {
  return text
    .trim()
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ');
}
