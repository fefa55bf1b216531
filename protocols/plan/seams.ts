import type { Contract } from '../receivers/types.js';
import type { PlanStep } from './plan.js';
import type { Checkpoint, CheckpointStore, LoopStatus, PlanContext, ToolReply } from './types.js';

/** A call as the loop made it: a reply, or the loop must stop (the budget is spent). */
export type CallResult = { reply: ToolReply } | { stop: LoopStatus };

/** What a gate is given: the step, its tool output, and a way to run a command on the tool server (a counted call). */
export interface GateCheck {
  ctx: PlanContext;
  step: PlanStep;
  output: unknown;
  runCommand(command: string): Promise<CallResult>;
}

/**
 * What the loop knows when it fixes a call's idempotency key, just before the
 * call is counted and sent: which call it is (a planned write, a read step's
 * tool, a gate's command), the step and its attempt, the file and its planned
 * content for a write, and the checkpoint as it stands. A key is fixed once
 * per call: a 429's resend carries the same key.
 */
export interface KeyRequest {
  kind: 'write' | 'read' | 'gate';
  ctx: PlanContext;
  checkpoint: Checkpoint;
  step: PlanStep;
  /** This step's attempt, from 1, over every life (the checkpoint's count). */
  attempt: number;
  /** The call this key goes with, counting every call of the run from 1 (the checkpoint's `calls_used` + 1). */
  call: number;
  /** A write's file and the content the plan gives it. */
  file?: { path: string; content: string };
}

/**
 * The named seams of the plan loop. The correct loop fills each one the way
 * seed 000 says; a flawed protocol replaces one, in a file of its own.
 */
export interface PlanLoopSeams {
  /** Where the checkpoint lives and how it is written. */
  store(ctx: PlanContext): CheckpointStore;
  /** What a restart does with a checkpoint it cannot read: stop for a person, or start over as if none existed. */
  onUnreadable: 'refuse' | 'start-over';
  /** What of the loop's state reaches the disk; the correct loop writes all of it. */
  persisted(checkpoint: Checkpoint): Checkpoint;
  /** Runs before a step's tool calls; the correct loop does nothing here (mark-first marks the step done). */
  beforeTool(ctx: PlanContext, store: CheckpointStore, checkpoint: Checkpoint, seams: PlanLoopSeams): Promise<Checkpoint>;
  /**
   * The idempotency key of a call. The correct loop keys a write by run, step
   * and file (`${run_id}:${step}:${file}`: the same write in every attempt and
   * every life of the run, so a keyed tool replays a resend), and a read or a
   * gate's command by life and call (each is asked afresh).
   */
  key(request: KeyRequest): string;
  /** Whether the step may advance: an executable check in the correct loop. */
  gate(check: GateCheck): Promise<boolean | LoopStatus>;
  /** Bounds the context after a step is done: a summary every few steps, old outputs dropped. */
  summarise(context: Checkpoint['context'], stepsDone: number, everySteps: number): Checkpoint['context'];
}

export interface PlanLoopDefinition {
  name: string;
  summary: string;
  /** The tool server's contract, or a built-in one's name ('atomic-receipt', 'no-receipt'). */
  toolContract: Contract | string;
  seams: PlanLoopSeams;
}
