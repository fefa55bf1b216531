/** Where a command writes. The bin binds it to the process; tests bind it to buffers. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The folder relative paths are resolved against. */
  cwd: string;
  /** Whether stderr is a terminal, for progress display. */
  isTty: boolean;
}

/**
 * The process's own write functions, saved when this module loads, before
 * anything can replace them: while a command runs, `process.stdout.write`
 * is diverted to stderr (see foreign-output.ts), and the CLI's own table or
 * JSON must still reach stdout.
 */
const ownStdoutWrite = process.stdout.write.bind(process.stdout);
const ownStderrWrite = process.stderr.write.bind(process.stderr);

export function processIo(): Io {
  return {
    stdout: (text) => ownStdoutWrite(text),
    stderr: (text) => ownStderrWrite(text),
    cwd: process.cwd(),
    isTty: Boolean(process.stderr.isTTY),
  };
}
