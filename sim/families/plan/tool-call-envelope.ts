import type { JsonValue } from '../../../protocols/receivers/types.js';
import { lazyValidator } from '../../engine/lazy-validator.js';

/**
 * What the tool server's front door is told of a call beside the tool's own
 * arguments: who calls (the loop's life and worker, for the call log), when
 * (the caller's virtual now, the limiter's clock) and how long the caller
 * waits before it abandons the call (a deadline, as gRPC propagates one).
 * Only `args` reaches the tool and its receipt: a resend from another life
 * carries the same arguments, so the keyed tool replays it instead of
 * rejecting another payload.
 */
export interface ToolCallEnvelope {
  args: { [key: string]: JsonValue };
  caller: {
    life: number;
    worker: string;
    /**
     * The plan world's virtual clock when the call left, passed in the request
     * as the reservation wire passes issued-at: the token bucket and the
     * Retry-After windows are on the run's clock, never the server's, so a
     * table over HTTP stays deterministic and equal to in-process.
     */
    at_ms: number;
    timeout_ms: number;
  };
}

export const TOOL_CALL_ENVELOPE_SCHEMA = {
  type: 'object',
  properties: {
    args: { type: 'object' },
    caller: {
      type: 'object',
      properties: {
        life: { type: 'integer', minimum: 0 },
        worker: { type: 'string', minLength: 1 },
        at_ms: { type: 'integer', minimum: 0 },
        timeout_ms: { type: 'integer', minimum: 0 },
      },
      required: ['life', 'worker', 'at_ms', 'timeout_ms'],
      additionalProperties: false,
    },
  },
  required: ['args', 'caller'],
  additionalProperties: false,
} as const;

// Compiled on first use: every process of every family imports this through the receiver catalogue.
const envelope = lazyValidator<ToolCallEnvelope>(TOOL_CALL_ENVELOPE_SCHEMA, { allErrors: true });

/** The envelope in a request's payload, or the sentence saying what is wrong with it. */
export function readEnvelope(payload: JsonValue): ToolCallEnvelope | string {
  if (envelope.validate(payload)) return payload;
  return `a tool call is {"args": {...}, "caller": {"life", "worker", "at_ms", "timeout_ms"}}: ${envelope
    .errors()
    .map((error) => `${error.instancePath || '(payload)'} ${error.message}`)
    .join('; ')}`;
}

/** What the front door answers for a call the tool ran: its output, how long it took, and whether the caller's deadline passed first. */
export interface TimedOutput {
  output: JsonValue;
  call: number;
  duration_ms: number;
  timed_out: boolean;
}
