import type { Io } from '../io.js';
import { main } from '../main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sim` in-process with captured output, as a user would from `cwd`. */
export async function runCli(argv: readonly string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    isTty: false,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
