import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { FileMedium, MemoryMedium, type StoreMedium } from '../engine/connections.js';
import type { AnyFamily } from '../engine/run-case.js';

/** Where each execution of an exploration keeps its stores, and how they are dropped once it is judged. */
export interface ExploreStores {
  /** `memory`, or the tmpfs folder the executions' files go to. */
  readonly where: string;
  medium(): StoreMedium;
  folder(execution: number): string;
  /** The folder of an execution named by its schedule (e.g. `explore/0.1/3`), flattened into one folder name. */
  named(name: string): string;
  discard(folder: string): void;
  close(): void;
}

/**
 * In-memory stores by default: an execution is thrown away once judged, and
 * memory is the fastest medium. A family whose world keeps real files beside
 * its stores (the plan family's JSON checkpoint) gets real files instead, on
 * a tmpfs (/dev/shm when present, else the OS temporary folder), each
 * execution in a folder of its own, removed as soon as it is judged.
 */
export function exploreStores(family: AnyFamily): ExploreStores {
  if (!family.needsRealFolder) {
    return {
      where: 'memory',
      medium: () => new MemoryMedium(),
      folder: (execution) => `explore/${execution}`,
      named: (name) => name,
      discard: () => undefined,
      close: () => undefined,
    };
  }
  const scratch = createScratch(defaultScratchParent());
  const medium = new FileMedium();
  return {
    where: scratch.path,
    medium: () => medium,
    folder: (execution) => join(scratch.path, String(execution)),
    named: (name) => join(scratch.path, name.replace(/[/.]/g, '_')),
    discard: (folder) => rmSync(folder, { recursive: true, force: true }),
    close: () => scratch.remove(),
  };
}
