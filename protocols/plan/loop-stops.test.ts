import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkpointFile } from '../../sim/families/plan/durable-checkpoint.js';
import { planCases } from '../../sim/testing/plan-case.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { checkpointInPlace } from './checkpoint-in-place.js';
import { checkpointLease } from './checkpoint-lease.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import { planLoop } from './plan-loop.js';
import { SEED_PLAN } from './seed-plan.js';
import type { Checkpoint } from './types.js';

/**
 * Where the plan loop stops for a person or for another worker, read back
 * from the case's files: the orchestrator's `loop_ends` and lease row, the
 * tool server's `calls`, the durable checkpoint, and the run's history (its
 * waits, cuts and loop ends).
 */
const run = planCases('loop-stops');
type Outcome = Awaited<ReturnType<typeof run>>;
const checkpointOf = (outcome: Outcome) => outcome.state['checkpoint']?.['checkpoint']?.[0] as unknown as Checkpoint | undefined;
const endsOf = (outcome: Outcome) =>
  (outcome.state['orchestrator']?.['loop_ends'] as { life: number; worker: string; status: string }[]).map((end) => [
    end.life,
    end.worker,
    end.status,
  ]);
const leaseOf = (outcome: Outcome) => outcome.state['orchestrator']?.['checkpoint_lease'];
const eventsOf = (outcome: Outcome, worker: string, op: string) =>
  outcome.history
    .all()
    .filter((event) => event.worker === worker && event.op === op)
    .map((event) => [event.atMs, event.value ?? null]);
const cutsOf = (outcome: Outcome, worker: string) =>
  outcome.history
    .all()
    .filter((event) => event.worker === worker && event.type === 'cut')
    .map((event) => event.op);

describe('a loop that meets another worker’s lease', () => {
  it('is fenced out mid-plan: its commit is refused, it stops with lease-held, and the holder completes the plan', async () => {
    // loop-1's first call takes 20 s against a 10 s lease: loop-2 takes the plan over meanwhile.
    const outcome = await run(checkpointLease, { workers: 2, settings: { leaseMs: 10_000 }, tools: { slowCalls: { '1': 20_000 } } });
    expect(outcome.calls.map((call) => [call.worker, call.tool, call.at_ms])).toEqual([
      ['loop-1', 'search_components', 4_000],
      ['loop-2', 'search_components', 26_000],
      ['loop-2', 'write_file', 26_050],
      ['loop-2', 'run_command', 26_100],
      ['loop-2', 'verify', 26_150],
      ['loop-2', 'run_command', 26_200],
    ]);
    expect(endsOf(outcome)).toEqual([
      [0, 'loop-1', 'lease-held'],
      [0, 'loop-2', 'completed'],
    ]);
    // The fence fired: loop-1 staged its step's checkpoint, and that checkpoint never became durable.
    expect(cutsOf(outcome, 'loop-1').slice(-3)).toEqual(['tool-replied', 'gate-checked', 'checkpoint-written']);
    expect(eventsOf(outcome, 'loop-1', 'loop-ended')).toEqual([[26_000, 'lease-held']]);
    // The holder's progress stands: loop-1's run, completed by loop-2, every step done once.
    expect(checkpointOf(outcome)).toMatchObject({
      run_id: 'run-0-loop-1-1000',
      status: 'completed',
      calls_used: 6,
      steps: [
        { id: 'search', status: 'done', attempts: 2 },
        { id: 'edit', status: 'done', attempts: 1 },
        { id: 'verify', status: 'done', attempts: 1 },
      ],
    });
    expect(outcome.effects).toEqual({ 'edit:client/src/catalog/Filters.tsx': 1 });
    expect(leaseOf(outcome)).toEqual([{ id: 1, owner: 'loop-2', until_ms: 26_250 }]);
  });

  it('polls at most a thousand times, a second apart, then stops with lease-held and leaves the lease as it found it', async () => {
    // Another process holds the lease until the very end of the thousandth wait: the loop gives up without trying again.
    const outcome = await run(checkpointLease, { leaseHeld: { owner: 'w9-loop-1', untilMs: 1_000_000 } });
    const waits = eventsOf(outcome, 'loop-1', 'wait');
    expect(waits).toHaveLength(1_000);
    expect(waits.slice(0, 2)).toEqual([
      [0, 1_000],
      [1_000, 2_000],
    ]);
    expect(waits.at(-1)).toEqual([999_000, 1_000_000]);
    expect(eventsOf(outcome, 'loop-1', 'loop-ended')).toEqual([[1_000_000, 'lease-held']]);
    expect(outcome.calls).toEqual([]);
    expect(checkpointOf(outcome)).toBeUndefined();
    expect(cutsOf(outcome, 'loop-1')).toEqual([]);
    // No release: the other process's lease, lapsed only now, is not taken over on the way out.
    expect(leaseOf(outcome)).toEqual([{ id: 1, owner: 'w9-loop-1', until_ms: 1_000_000 }]);
  });

  it('loses the lease between two calls: its next call waits a thousand polls for it, then it stops with lease-held, writing nothing more', async () => {
    // checkpoint-lease, except that once the second call is counted another process takes the lease, as a stress worker would.
    const taken = planLoop({
      name: 'lease-taken-after-two-calls',
      summary: 'checkpoint-lease whose lease another process takes once two calls are counted',
      toolContract: checkpointLease.toolContract,
      seams: {
        ...CORRECT_SEAMS,
        store(ctx) {
          const store = ctx.checkpoints.sqliteLease();
          return {
            ...store,
            async commit() {
              await store.commit();
              const { calls_used } = JSON.parse(
                await ctx.orchestrator.transaction((db) => (db.prepare('SELECT body FROM checkpoint').get() as { body: string }).body),
              ) as Checkpoint;
              if (calls_used !== 2) return;
              await ctx.orchestrator.transaction((db) =>
                db.prepare("UPDATE checkpoint_lease SET owner = 'w9-loop-1', until_ms = ?").run(ctx.nowMs() + 5_000_000),
              );
            },
          };
        },
      },
    });
    const outcome = await run(taken);
    expect(outcome.calls.map((call) => call.tool)).toEqual(['search_components', 'write_file']);
    expect(eventsOf(outcome, 'loop-1', 'wait')).toHaveLength(1_000);
    expect(endsOf(outcome)).toEqual([[0, 'loop-1', 'lease-held']]);
    // The write's call was counted and made; nothing after it reached the checkpoint.
    expect(checkpointOf(outcome)).toMatchObject({ status: 'running', calls_used: 2, current_step: 1 });
    expect(cutsOf(outcome, 'loop-1').slice(-3)).toEqual(['call-counted', 'tool-applied', 'tool-replied']);
    expect(leaseOf(outcome)).toEqual([{ id: 1, owner: 'w9-loop-1', until_ms: 5_000_050 }]);
  });

  it('a restart that finds another process holding the lease leaves the plan to it, beginning no step', async () => {
    const outcome = await run(checkpointLease, {
      plan: [{ life: 0, cut: 'checkpoint-committed' }],
      leaseHeld: { owner: 'w9-loop-1', untilMs: 5_000_000, life: 1 },
    });
    expect(outcome.crashes).toEqual([expect.objectContaining({ cut: 'checkpoint-committed', life: 0 })]);
    expect(endsOf(outcome)).toEqual([[1, 'loop-1', 'lease-held']]);
    expect(outcome.calls.map((call) => [call.life, call.tool])).toEqual([[0, 'search_components']]);
    expect(outcome.history.all().filter((event) => event.life === 1 && event.op === 'wait')).toHaveLength(1_000);
    expect(outcome.history.all().filter((event) => event.life === 1 && event.type === 'cut')).toEqual([]);
    expect(checkpointOf(outcome)).toMatchObject({ status: 'running', current_step: 1, calls_used: 1 });
  });

  it('waits no later than the lease’s end, takes it then and runs the plan', async () => {
    const outcome = await run(checkpointLease, { leaseHeld: { owner: 'w9-loop-1', untilMs: 5_500 } });
    expect(eventsOf(outcome, 'loop-1', 'wait')).toEqual([
      [0, 1_000],
      [1_000, 2_000],
      [2_000, 3_000],
      [3_000, 4_000],
      [4_000, 5_000],
      [5_000, 5_500],
    ]);
    expect(outcome.calls.map((call) => call.at_ms)).toEqual([5_500, 5_550, 5_600, 5_650, 5_700]);
    expect(checkpointOf(outcome)).toMatchObject({ run_id: 'run-0-loop-1-5500', status: 'completed' });
    // Released at the end: the lease is the loop's, lapsing the moment it stopped.
    expect(leaseOf(outcome)).toEqual([{ id: 1, owner: 'loop-1', until_ms: 5_750 }]);
  });
});

describe('a restart that finds the checkpoint stopped or unreadable', () => {
  it('returns a stopped checkpoint’s status and calls nothing, leaving the checkpoint as the stop wrote it', async () => {
    const outcome = await run(checkpointAfterStep, {
      workload: { plan: { ...SEED_PLAN, budget_calls: 3 } },
      plan: [{ life: 0, cut: 'loop-stopped' }],
    });
    expect(outcome.crashes).toEqual([expect.objectContaining({ cut: 'loop-stopped', life: 0 })]);
    expect(endsOf(outcome)).toEqual([[1, 'loop-1', 'budget-exhausted']]);
    expect(outcome.calls.map((call) => [call.life, call.tool])).toEqual([
      [0, 'search_components'],
      [0, 'write_file'],
      [0, 'run_command'],
    ]);
    // The verify step was begun once, in the first life, and no later life began it again.
    expect(checkpointOf(outcome)).toMatchObject({
      status: 'budget-exhausted',
      current_step: 2,
      calls_used: 3,
      steps: [{ attempts: 1 }, { attempts: 1 }, { id: 'verify', status: 'pending', attempts: 1 }],
    });
    expect(outcome.history.all().filter((event) => event.life === 1 && event.type === 'cut')).toEqual([]);
  });

  it('refuses an unreadable checkpoint: it stops for a person, calls nothing and leaves the file as it found it', async () => {
    const torn = '{"run_id": "run-0-lo';
    const outcome = await run(checkpointAfterStep, { checkpointText: torn });
    expect(endsOf(outcome)).toEqual([[0, 'loop-1', 'checkpoint-unreadable']]);
    expect(outcome.calls).toEqual([]);
    expect(outcome.metrics['checkpoint_readable']).toBe(0);
    expect(readFileSync(checkpointFile(outcome), 'utf8')).toBe(torn);
    expect(cutsOf(outcome, 'loop-1')).toEqual([]);
  });

  it('checkpoint-in-place starts over from the same torn file, under a new run, and completes', async () => {
    const outcome = await run(checkpointInPlace, { checkpointText: '{"run_id": "run-0-lo' });
    expect(endsOf(outcome)).toEqual([[0, 'loop-1', 'completed']]);
    expect(outcome.calls).toHaveLength(5);
    expect(checkpointOf(outcome)).toMatchObject({ run_id: 'run-0-loop-1-0', status: 'completed', calls_used: 5 });
    expect(cutsOf(outcome, 'loop-1')[0]).toBe('checkpoint-created');
  });
});

describe('the Retry-After deadline', () => {
  it('is waited for only while it is ahead: a call made at the deadline itself goes out at once', async () => {
    // Calls take no time, so the verify step's call comes exactly at the deadline the gate's 429 set.
    const outcome = await run(checkpointAfterStep, { tools: { callDurationMs: 0, rateLimit: { requestsPerMinute: 60, burst: 2 } } });
    expect(outcome.calls.map((call) => [call.tool, call.at_ms, call.outcome])).toEqual([
      ['search_components', 0, 'ok'],
      ['write_file', 0, 'ok'],
      ['run_command', 0, '429'],
      ['run_command', 1_000, 'ok'],
      ['verify', 1_000, '429'],
      ['verify', 2_000, 'ok'],
      ['run_command', 2_000, '429'],
      ['run_command', 3_000, 'ok'],
    ]);
    // One wait per 429, none at the deadline itself.
    expect(eventsOf(outcome, 'loop-1', 'wait')).toEqual([
      [0, 1_000],
      [1_000, 2_000],
      [2_000, 3_000],
    ]);
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', rate: { limited: 3, retry_after_until_ms: 3_000 } });
  });
});
