import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { compiledEntry } from './entry-path.js';
import { ProtocolFileError } from '../engine/protocol-file.js';

/** How long a protocol module's top level may take to load (tsx compiles it first: a second or so on a slow machine). */
export const LOAD_TIMEOUT_MS = 10_000;

/**
 * Imports a user's module once in a thread of its own, before sim's process
 * does: a top level that loops forever, calls process.exit or awaits a
 * promise that never settles would otherwise stop or hang sim itself (a
 * loop even through SIGTERM, whose handler never runs) with nothing said.
 * Each is one sentence naming the file; an import that throws is left to
 * the import that follows, which says why. The thread's prints are dropped:
 * the real import prints them again, to stderr. Resolves to the families
 * whose entries claim the module as the thread imported it (undefined when
 * its import threw).
 */
export function trialLoad(path: string, shownAs: string, kind = 'protocol', timeoutMs = LOAD_TIMEOUT_MS): Promise<Claimants> {
  const version = `${path}@${statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 'none'}`;
  const trial = tried.get(version) ?? tryInThread(path, shownAs, kind, timeoutMs);
  tried.set(version, trial);
  trial.catch(() => tried.delete(version));
  return trial;
}

/** Each version of a module that loaded, tried once per process: choosing its family and loading it as a protocol both ask. */
const tried = new Map<string, Promise<Claimants>>();

/** The names of the families that claim a module (sim/families/family-entry.ts), or undefined when it did not load. */
type Claimants = readonly string[] | undefined;

/** What the trial thread posts when the import settles. */
export interface TrialMessage {
  loaded: boolean;
  claimants?: string[];
}

function tryInThread(path: string, shownAs: string, kind: string, timeoutMs: number): Promise<Claimants> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(compiledEntry(new URL('./trial-load-worker.js', import.meta.url)), {
      workerData: { path },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (error?: Error, claimants?: Claimants) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      void worker.terminate();
      if (error) reject(error);
      else resolve(claimants);
    };
    const limit = setTimeout(
      () =>
        settle(
          new ProtocolFileError(
            `${kind} file ${shownAs} did not finish loading within ${timeoutMs / 1000} s: its top level loops or waits (move that work into its functions)`,
          ),
        ),
      timeoutMs,
    );
    worker.on('message', (message: TrialMessage) => settle(undefined, message.loaded ? (message.claimants ?? []) : undefined));
    worker.on('error', () => settle());
    worker.on('exit', () =>
      settle(
        new ProtocolFileError(
          `${kind} file ${shownAs} ended its process while loading (process.exit, or a top-level await that never settles): a ${kind} module must only define its ${kind}`,
        ),
      ),
    );
  });
}
