import { describe, expect, it } from 'vitest';
import { planCases } from '../../sim/testing/plan-case.js';
import { checkpointLease } from './checkpoint-lease.js';
import type { Checkpoint } from './types.js';

/**
 * A worker whose lease lapsed while a call of its own stalled, and which could
 * take the lease again (the other worker had it meanwhile): its checkpoint in
 * memory is older than the row. A loop that carries on from it redoes steps
 * and writes the budget count backwards (found by mutation testing).
 */
const run = planCases('lease-regained');

describe('a loop whose lease lapsed while it stalled', () => {
  it('stops with lease-held instead of carrying on from its stale checkpoint over the other worker’s progress', async () => {
    // loop-1's second call (the edit's write) takes 20 s against a 10 s lease: loop-2 takes the plan over.
    const outcome = await run(checkpointLease, { workers: 2, settings: { leaseMs: 10_000 }, tools: { slowCalls: { '2': 20_000 } } });
    expect(outcome.calls.map((call) => [call.worker, call.tool])).toEqual([
      ['loop-1', 'search_components'],
      ['loop-1', 'write_file'],
      ['loop-2', 'write_file'],
      ['loop-2', 'run_command'],
      ['loop-2', 'verify'],
      ['loop-2', 'run_command'],
    ]);
    const ends = outcome.state['orchestrator']?.['loop_ends'] as { worker: string; status: string }[];
    expect(ends.map((end) => [end.worker, end.status])).toEqual([
      ['loop-1', 'lease-held'],
      ['loop-2', 'completed'],
    ]);
    // The row counts every call the tool server saw, each step done once: nothing written back over loop-2's progress.
    const checkpoint = outcome.state['checkpoint']?.['checkpoint']?.[0] as unknown as Checkpoint;
    expect(checkpoint).toMatchObject({ status: 'completed', current_step: 3, calls_used: outcome.calls.length });
    expect(checkpoint.steps.map((step) => step.status)).toEqual(['done', 'done', 'done']);
    expect(outcome.effects).toEqual({ 'edit:client/src/catalog/Filters.tsx': 1 });
  });
});
