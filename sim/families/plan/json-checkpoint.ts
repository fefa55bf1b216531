import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint, CheckpointRead, CheckpointStore } from '../../../protocols/plan/types.js';
import { parseCheckpoint } from './checkpoint-schema.js';

/**
 * The temporary file a writer stages into: beside the checkpoint, in the same
 * folder (so the rename is atomic), named after the writer so that two
 * processes never rename each other's half-written file.
 */
export function stagingPath(path: string, writer: string): string {
  return `${path}.${writer}.tmp`;
}

function writeDurably(path: string, text: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename in `folder` durable: the folder's entry is what the rename changed. */
export function fsyncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The seed's checkpoint for a single agent: a JSON file rewritten atomically.
 * `stage` writes the whole new checkpoint to a temporary file and fsyncs it;
 * `commit` renames it over the checkpoint and fsyncs the folder. A crash
 * before the rename leaves the old checkpoint whole (and a temporary file
 * that `read` ignores and the next `stage` overwrites); after it, the new one.
 * It is no lock: `claim` always grants, which is right for one agent only.
 * `wrote` is told after each of the two durable writes (`checkpoint-staged`,
 * `checkpoint-renamed`): the world makes them boundaries under cut discovery,
 * so a protocol without a cut of its own around its checkpoint is still
 * crashed between the checkpoint and what follows it.
 */
export function atomicJsonCheckpoint(
  path: string,
  writer: string,
  wrote: (kind: string) => Promise<void> = () => Promise.resolve(),
): CheckpointStore {
  let staged = false;
  return {
    async read(): Promise<CheckpointRead> {
      if (!existsSync(path)) return { kind: 'none' };
      return parseCheckpoint(readFileSync(path, 'utf8'));
    },
    async stage(checkpoint: Checkpoint) {
      writeDurably(stagingPath(path, writer), JSON.stringify(checkpoint));
      staged = true;
      await wrote('checkpoint-staged');
    },
    async commit() {
      if (!staged) throw new Error('commit without a staged checkpoint');
      renameSync(stagingPath(path, writer), path);
      fsyncFolder(dirname(path));
      staged = false;
      await wrote('checkpoint-renamed');
    },
    async claim() {
      return { granted: true };
    },
  };
}
