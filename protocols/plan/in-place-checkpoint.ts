import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { parseCheckpoint } from '../../sim/families/plan/checkpoint-schema.js';
import type { Checkpoint, CheckpointStore } from './types.js';

/**
 * The checkpoint rewritten in place: `stage` opens the checkpoint itself for
 * writing, which truncates it; `commit` writes the new text and fsyncs. A
 * crash between the two leaves an empty (torn) checkpoint where the old one
 * was: there is no moment at which the old or the new one is whole on disk.
 */
export function inPlaceJsonCheckpoint(path: string): CheckpointStore {
  let pending: { fd: number; text: string } | undefined;
  return {
    async read() {
      if (!existsSync(path)) return { kind: 'none' };
      return parseCheckpoint(readFileSync(path, 'utf8'));
    },
    async stage(checkpoint: Checkpoint) {
      pending = { fd: openSync(path, 'w'), text: JSON.stringify(checkpoint) };
    },
    async commit() {
      if (!pending) throw new Error('commit without a staged checkpoint');
      const { fd, text } = pending;
      pending = undefined;
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    async claim() {
      return { granted: true };
    },
  };
}
