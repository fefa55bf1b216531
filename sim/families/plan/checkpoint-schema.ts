import { lazyValidator } from '../../engine/lazy-validator.js';
import type { Checkpoint, CheckpointRead } from '../../../protocols/plan/types.js';

/** What a checkpoint must look like to be trusted: a torn or foreign file is unreadable, never half-used. */
const CHECKPOINT_SCHEMA = {
  type: 'object',
  required: ['run_id', 'plan_hash', 'current_step', 'steps', 'calls_used', 'rate', 'context', 'status'],
  properties: {
    run_id: { type: 'string' },
    plan_hash: { type: 'string' },
    current_step: { type: 'integer', minimum: 0 },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'status', 'attempts'],
        properties: { id: { type: 'string' }, status: { enum: ['pending', 'done', 'failed'] }, attempts: { type: 'integer', minimum: 0 } },
      },
    },
    calls_used: { type: 'integer', minimum: 0 },
    rate: {
      type: 'object',
      required: ['limited', 'retry_after_until_ms'],
      properties: { limited: { type: 'integer' }, retry_after_until_ms: { type: ['integer', 'null'] } },
    },
    context: {
      type: 'object',
      required: ['summary', 'outputs', 'peak_chars'],
      properties: {
        summary: { type: ['string', 'null'] },
        outputs: { type: 'array', items: { type: 'string' } },
        peak_chars: { type: 'integer' },
      },
    },
    status: { enum: ['running', 'completed', 'budget-exhausted', 'step-failed', 'plan-changed', 'checkpoint-unreadable', 'lease-held'] },
  },
} as const;

const checkpointValidator = lazyValidator<Checkpoint>(CHECKPOINT_SCHEMA);

/** Reads a checkpoint's text: a checkpoint, or why it cannot be one (not JSON, torn, not a checkpoint). */
export function parseCheckpoint(text: string): CheckpointRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: text.length === 0 ? 'empty file' : 'not JSON (torn?)' };
  }
  if (!checkpointValidator.validate(value))
    return {
      kind: 'unreadable',
      reason:
        `not a checkpoint: ${checkpointValidator.firstError()?.instancePath ?? ''} ${checkpointValidator.firstError()?.message ?? ''}`.trim(),
    };
  return { kind: 'found', checkpoint: value };
}
