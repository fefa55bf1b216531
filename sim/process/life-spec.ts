import type { Intention } from '../../protocols/types.js';
import type { CrashPoint } from '../engine/injector.js';
import type { CaseFiles } from '../reservation/stores.js';

/**
 * Everything a child process needs to live exactly one process life of a
 * reservation case, passed as one JSON argument. The parent carries over what
 * outlives a life: the virtual time reached and the transport's call count.
 */
export interface LifeSpec {
  protocol: string;
  intentions: Intention[];
  files: CaseFiles;
  life: number;
  plan: CrashPoint[];
  startMs: number;
  transportCalls: number;
  /** Where the child appends its events, one write per event. */
  eventsFile: string;
  relayRoundsMax: number;
}

/** What a child prints on stdout, as its last line, when its life completes. */
export interface LifeCompleted {
  ended: 'completed';
  clockMs: number;
  transportCalls: number;
}
