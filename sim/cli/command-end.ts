import { HEARTBEAT_ENV } from '../engine/heartbeat.js';
import { stopWatchingParent } from '../process/children.js';
import { exitedOnPurpose } from '../process/own-exit.js';
import { EXIT, type ExitCode } from './errors.js';
import { errorDocument, jsonDocument, requestedFormat } from './output-format.js';
import type { Io } from './io.js';

/** How long the process may stay alive after its command ended before it is ended (real time: that is the point). */
export const LINGER_MS_MAX = 500;

/**
 * Only sim decides when its process ends. A module the command loaded (a
 * protocol file sim imports to read its name, a policy) can call
 * `process.exit` from a timer while the command runs, which would end sim
 * with that code and no verdict (exit 0 and nothing printed, read by CI as a
 * pass), or leave a `setInterval` that keeps the process alive after the
 * verdict, for ever. The first is bad input: one line, exit 2, and with
 * `--format json` the error document. The second is ended: one line, and
 * the command's own exit code. Returns the function the bin calls with the
 * command's exit code when it has ended.
 */
export function guardCommandEnd(io: Io, argv: readonly string[]): (code: ExitCode) => void {
  let ended = false;
  process.on('exit', (code) => {
    // A watched child (sim check --protocol FILE runs the command in one) leaves it to its watcher, which names the run and the life.
    if (ended || exitedOnPurpose() || process.env[HEARTBEAT_ENV] !== undefined) return;
    const text = `sim: process.exit(${code}) was called before the command finished (a timer or callback of a protocol or policy module?): no verdict was reached\n`;
    io.stderr(text);
    if (requestedFormat(argv) === 'json') io.stdout(jsonDocument(errorDocument(EXIT.badInput, text)));
    process.exitCode = EXIT.badInput;
  });
  return (code) => {
    ended = true;
    process.exitCode = code;
    // A watched child (sim check or explore --protocol FILE) watched its stdin to die with its parent; done, it must not linger on it.
    if (process.env[HEARTBEAT_ENV] !== undefined) stopWatchingParent();
    // The watch starts once the output is written: ending the process earlier would cut short what a slow reader has not read yet.
    void written([process.stdout, process.stderr]).then(() =>
      // unref: a process with nothing left to do ends at once; only a handle someone else left waits for this.
      setTimeout(() => {
        io.stderr(
          `sim: the command has ended, but something it loaded (a protocol's setInterval, an open socket?) kept the process alive; ended after ${LINGER_MS_MAX} ms\n`,
        );
        process.exit(code);
      }, LINGER_MS_MAX).unref(),
    );
  };
}

/**
 * Settles once everything written so far to `streams` has been handed to the
 * system: an empty write's callback runs after every write queued before it.
 * A pipe whose reader reads slowly holds the bytes it has not taken in the
 * process, and only a living process delivers them; so this waits without a
 * time limit, as `cat` does on such a pipe. A reader that stops reading for
 * good holds the command as it would hold `cat`, and its leaving ends it with
 * exit 141 (see endOnClosedPipe): never a shortened output with exit 0.
 */
export function written(streams: readonly NodeJS.WritableStream[]): Promise<void> {
  return Promise.all(
    streams.map(
      (stream) =>
        new Promise<void>((resolve) => {
          if ((stream as { destroyed?: boolean }).destroyed) return resolve();
          // The callback also runs, with an error, when the stream fails: there is nothing more to wait for then.
          stream.write('', () => resolve());
        }),
    ),
  ).then(() => undefined);
}
