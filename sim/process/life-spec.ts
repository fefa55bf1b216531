import type { JsonValue } from '../engine/history.js';
import type { CrashPoint } from '../engine/injector.js';

/**
 * Everything a child process needs to live exactly one process life of a
 * case, passed as one JSON argument. The parent carries over what outlives a
 * life: the virtual time reached and the transport's call count.
 */
export interface LifeSpec {
  family: string;
  protocol: string;
  /** A user's protocol module: the child loads it itself, so each life starts with fresh module state. */
  protocolFile?: string;
  workload: JsonValue;
  folder: string;
  life: number;
  plan: CrashPoint[];
  startMs: number;
  transportCalls: number;
  /** Where the child appends its events, one write per event. */
  eventsFile: string;
  /** Where the child writes how its life ended, when it was not killed: apart from stdout, which protocol code may use. */
  endFile: string;
  roundsMax: number;
  /** Receiver name → the URL of its server process (kill mode over HTTP); in-process when absent. */
  receiverUrls?: Record<string, string>;
}

/** What a child writes to its end file when its life completes. */
export interface LifeCompleted {
  ended: 'completed';
  clockMs: number;
  transportCalls: number;
}

/** The exit code of a child whose stores the machine failed, also when its end file could not be written. */
export const LIFE_ENVIRONMENT_FAILED_EXIT = 2;

/** What a child writes to its end file when the machine failed its stores (a full disk): the command stops with that line. */
export interface LifeEnvironmentFailed {
  ended: 'environment-failure';
  message: string;
}
