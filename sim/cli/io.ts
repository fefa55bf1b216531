/** Where a command writes. The bin binds it to the process; tests bind it to buffers. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The folder relative paths are resolved against. */
  cwd: string;
  /** Whether stderr is a terminal, for progress display. */
  isTty: boolean;
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    isTty: Boolean(process.stderr.isTTY),
  };
}
