import { appendFileSync } from 'node:fs';

/** The file a watched command appends its heartbeats to, named by its parent (see sim/process/watched-command.ts). */
export const HEARTBEAT_ENV = 'CUTPOINT_HEARTBEAT';

const file = process.env[HEARTBEAT_ENV];

/**
 * Tells a watching parent that work moved on: one line, appended and
 * flushed synchronously, so it is on disk even when the protocol then
 * blocks the event loop for ever. A no-op unless the process is watched.
 */
export function heartbeat(what: string): void {
  if (file !== undefined) appendFileSync(file, `${what}\n`);
}

/** The family a watching parent chose for its command, named to its child (see watchedFamily). */
export const WATCHED_FAMILY_ENV = 'CUTPOINT_WATCHED_FAMILY';

/**
 * The family the watching parent chose for the same command: the child
 * loads it before it imports the user's modules (and chooses as the parent
 * did, which tried the modules in a thread first and the child does not).
 */
export function watchedFamily(): string | undefined {
  return file === undefined ? undefined : process.env[WATCHED_FAMILY_ENV];
}

/** Whether this process is the watched child of a `sim` command (it must not watch itself again). */
export function isWatched(): boolean {
  return file !== undefined;
}
