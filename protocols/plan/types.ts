import type { Contract, JsonValue } from '../receivers/types.js';
import type { FamilyProtocol, WorkerContext } from '../../sim/engine/family.js';
import type { Plan } from './plan.js';

export type StepStatus = 'pending' | 'done' | 'failed';

export interface StepState {
  id: string;
  status: StepStatus;
  /** Attempts begun, across every life; capped by `retriesMax + 1`. */
  attempts: number;
}

/** How a loop ended: its work is done, or it stopped and left its state for a person. */
export type LoopStatus = 'completed' | 'budget-exhausted' | 'step-failed' | 'plan-changed' | 'checkpoint-unreadable' | 'lease-held';

/**
 * The checkpoint of seed 000: where the loop is, what each step did, the calls
 * spent against the budget, the rate limiter's back-off deadline, the context
 * the loop carries, and the hash that freezes the plan.
 */
export interface Checkpoint {
  /** Minted when the checkpoint is created; every idempotency key of this run starts with it. */
  run_id: string;
  plan_hash: string;
  current_step: number;
  steps: StepState[];
  calls_used: number;
  rate: { limited: number; retry_after_until_ms: number | null };
  context: { summary: string | null; outputs: string[]; peak_chars: number };
  status: LoopStatus | 'running';
}

/**
 * A commit refused because the lease passed to another worker while this one
 * stalled (the fence): this worker must stop and leave the plan to the one
 * that holds it, not fail.
 */
export class LeaseLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLost';
  }
}

export type CheckpointRead = { kind: 'none' } | { kind: 'found'; checkpoint: Checkpoint } | { kind: 'unreadable'; reason: string };

/**
 * Where the checkpoint lives. A write is two halves so that the protocol
 * shows the boundary between them: `stage` makes the new checkpoint durable
 * beside the old one (a temporary file), `commit` makes it the checkpoint
 * (the rename). `claim` is the right to run steps: a store for one agent
 * always grants it, a store that is a lock grants it to one worker at a time.
 */
export interface CheckpointStore {
  read(): Promise<CheckpointRead>;
  stage(checkpoint: Checkpoint): Promise<void>;
  commit(): Promise<void>;
  claim(untilMs: number): Promise<{ granted: true } | { granted: false; retryAtMs: number }>;
}

export interface ToolCall {
  tool: string;
  args: { [key: string]: JsonValue };
  /** The idempotency key, fixed before the first attempt; a write tool that honours it replays a resend. */
  key: string;
  /** The oracle's name for what this call is for (`<step>` or `<step>:<file>`); no tool reads it. */
  intention: string;
}

/**
 * What a tool call came back with. `rate-limited` is the 429 with its
 * Retry-After; `timeout` is a call abandoned at the per-call timeout (the
 * tool may still have done its work); `lost` is no reply at all.
 */
export type ToolReply =
  | { status: 'ok'; output: JsonValue; replayed: boolean; durationMs: number }
  | { status: 'rate-limited'; retryAfterMs: number }
  | { status: 'timeout'; durationMs: number }
  | { status: 'lost' }
  | { status: 'refused'; reason: string };

/** The tool server as the loop reaches it: every call is logged, rate limited and timed by the world, not the protocol. */
export interface ToolClient {
  call(call: ToolCall, timeoutMs: number): Promise<ToolReply>;
}

export interface PlanSettings {
  /** A call that has not answered by then is abandoned and its step attempt failed. */
  callTimeoutMs: number;
  /** Attempts of one step beyond the first before the loop stops with `step-failed`. */
  retriesMax: number;
  /** The context is summarised, and old outputs dropped, every this many steps. */
  summaryEverySteps: number;
  /** How long a claim on a shared checkpoint holds before another worker may take it. */
  leaseMs: number;
}

/** Everything a plan-loop protocol may touch: the engine's worker context, the plan, the tools, the checkpoint stores. */
export interface PlanContext extends Pick<WorkerContext, 'worker' | 'life' | 'cut' | 'nowMs' | 'orchestrator'> {
  plan: Plan;
  tools: ToolClient;
  /** Lets virtual time pass (a back-off, a lease held by another worker), at a scheduling point. */
  waitUntilMs(targetMs: number): Promise<void>;
  /** The case's checkpoint file, for a protocol that writes it its own way. */
  checkpointFile: string;
  /** The two stores of the seed: an atomically rewritten JSON file (one agent) and SQLite with a lease (a lock). */
  checkpoints: { atomicJson(): CheckpointStore; sqliteLease(): CheckpointStore };
  settings: PlanSettings;
}

export interface PlanProtocol extends FamilyProtocol {
  /** The tool server's contract for this protocol's calls: atomic receipt for a keyed tool, no receipt for one without. */
  toolContract: Contract;
  /** SQL for the orchestrator's own tables in a fresh file (the call log; the SQLite checkpoint). */
  orchestratorSchema: string;
  /** Runs the plan from wherever the checkpoint says, in this life, until it ends or stops for a person. */
  run(ctx: PlanContext): Promise<LoopStatus>;
}
