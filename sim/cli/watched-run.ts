import type { Command } from 'commander';
import { heartbeat, isWatched } from '../engine/heartbeat.js';
import { dieWithParent } from '../process/children.js';
import { runWatched } from '../process/watched-command.js';
import type { ExitCode } from './errors.js';
import type { Io } from './io.js';

export const LIFE_TIMEOUT_HELP = `with a protocol file: the command runs in a child process of its own, and a life that takes longer than this (a loop, a promise that never settles) stops it with an error`;

/**
 * For a command that would run a user's protocol module in this very process
 * (`sim check`, `sim explore`), or a user's `--policy` (`sim table`, `sim check`,
 * `sim eval`; see `policySubject`): runs the same command in a watched child
 * instead and returns its exit code, a hang or a process.exit told in one
 * line on stderr. Undefined when this process should do the work itself: the
 * protocol is a built-in, or this is the watched child (which then dies with
 * its parent).
 */
export async function inWatchedChild(
  self: Command,
  protocol: { name: string; file: string | undefined; subject?: string; family?: string } | undefined,
  lifeTimeoutMs: number,
  io: Io,
): Promise<ExitCode | undefined> {
  if (isWatched()) {
    dieWithParent();
    return undefined;
  }
  if (protocol?.file === undefined) return undefined;
  // Commander keeps the words it parsed (untyped, but set by every parse): the child gets exactly those.
  const argv = (self.parent as unknown as { rawArgs?: string[] } | null)?.rawArgs ?? [];
  const end = await runWatched(argv, {
    lifeTimeoutMs,
    subject: protocol.subject ?? `protocol ${protocol.name}`,
    ...(protocol.family === undefined ? {} : { family: protocol.family }),
    cwd: io.cwd,
    stdout: (text) => io.stdout(text),
    stderr: (text) => io.stderr(text),
  });
  if (end.problem) io.stderr(`sim ${self.name()}: ${end.problem}\n`);
  return end.code as ExitCode;
}

/**
 * A `--policy` module as the subject of `inWatchedChild`: the user's model runs
 * in this process, and a respond() that loops would block even SIGTERM's handler.
 */
export function policySubject(file: string): { name: string; file: string; subject: string } {
  return { name: file, file, subject: `policy ${file}` };
}

/** The end of a command's work, told to a watching parent (a no-op unless watched). */
export function ended(code: ExitCode): ExitCode {
  heartbeat(`end ${code}`);
  return code;
}
