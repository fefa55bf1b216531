import { describe, expect, it } from 'vitest';
import { judgePlan } from '../../sim/families/plan/checks.js';
import { crashDuringEditStep } from '../../sim/families/plan/edit-step.js';
import { SEED_WORKLOAD } from '../../sim/families/plan/workload.js';
import { planCases } from '../../sim/testing/plan-case.js';
import { backoffInMemory } from './backoff-in-memory.js';
import { budgetInMemory } from './budget-in-memory.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { checkpointInPlace } from './checkpoint-in-place.js';
import { checkpointLease } from './checkpoint-lease.js';
import { gateAsOpinion } from './gate-as-opinion.js';
import { markDoneFirst } from './mark-done-first.js';
import { noSummary } from './no-summary.js';
import type { Plan } from './plan.js';
import { SEED_PLAN } from './seed-plan.js';
import { toolWithoutKey } from './tool-without-key.js';
import type { Checkpoint, PlanProtocol } from './types.js';

/**
 * Each flaw of the plan loop beside the correct loop, on the one case that
 * shows its difference: the same crash or the same tools, read back from the
 * tool server's and the orchestrator's files. Every case proves its crash
 * fired.
 */
const run = planCases('plan-flaws');
const EDIT = 'edit:client/src/catalog/Filters.tsx';
const checkpointOf = (outcome: Awaited<ReturnType<typeof run>>) =>
  outcome.state['checkpoint']?.['checkpoint']?.[0] as unknown as Checkpoint;
const duringEdit = (protocol: PlanProtocol, cut: string) => run(protocol, { plan: [crashDuringEditStep(cut, SEED_PLAN)] });

describe('flaws that a crash during the edit step shows', () => {
  it('tool-without-key writes the edit twice after a crash once the tool replied; the keyed tool replays it', async () => {
    const flawed = await duringEdit(toolWithoutKey, 'tool-replied');
    const correct = await duringEdit(checkpointAfterStep, 'tool-replied');
    expect([flawed.crashes.length, correct.crashes.length]).toEqual([1, 1]);
    expect(flawed.effects).toEqual({ [EDIT]: 2 });
    expect(correct.effects).toEqual({ [EDIT]: 1 });
  });

  it('mark-done-first loses the edit after a crash once its early checkpoint committed', async () => {
    const flawed = await duringEdit(markDoneFirst, 'checkpoint-committed');
    const correct = await duringEdit(checkpointAfterStep, 'checkpoint-committed');
    expect([flawed.crashes.length, correct.crashes.length]).toEqual([1, 1]);
    expect(flawed.effects).toEqual({ [EDIT]: 0 });
    // The edit is marked done though never written: only the verify step's gate, which expects the file, notices.
    expect(checkpointOf(flawed)).toMatchObject({
      status: 'step-failed',
      steps: [{ status: 'done' }, { status: 'done' }, { status: 'failed' }],
    });
    expect(correct.effects).toEqual({ [EDIT]: 1 });
  });

  it('mark-done-first crashed once the write replied resumes at the same step: its early mark keeps the step current and the loop running', async () => {
    const flawed = await duringEdit(markDoneFirst, 'tool-replied');
    expect(flawed.crashes).toEqual([expect.objectContaining({ cut: 'tool-replied', life: 0 })]);
    expect(flawed.calls.map((call) => [call.life, call.tool])).toEqual([
      [0, 'search_components'],
      [0, 'write_file'],
      [1, 'write_file'],
      [1, 'run_command'],
      [1, 'verify'],
      [1, 'run_command'],
    ]);
    // The resend was replayed from the receipt; the step was begun twice, once in each life.
    expect(flawed.effects).toEqual({ [EDIT]: 1 });
    expect(flawed.state['orchestrator']?.['loop_ends']).toEqual([expect.objectContaining({ life: 1, status: 'completed' })]);
    expect(checkpointOf(flawed)).toMatchObject({ status: 'completed', steps: [{ attempts: 1 }, { attempts: 2 }, { attempts: 1 }] });
  });

  it('checkpoint-in-place tears the checkpoint between truncate and write; recovery starts over under a new run and writes again', async () => {
    const flawed = await duringEdit(checkpointInPlace, 'checkpoint-written');
    const correct = await duringEdit(checkpointAfterStep, 'checkpoint-written');
    expect([flawed.crashes.length, correct.crashes.length]).toEqual([1, 1]);
    expect(flawed.effects).toEqual({ [EDIT]: 2 });
    const runs = [...new Set(flawed.calls.map((call) => call.request_key.split(':')[0]))];
    expect(runs).toEqual(['run-0-loop-1-0', expect.stringMatching(/^run-1-loop-1-\d+$/)]);
    expect(checkpointOf(flawed).run_id).toBe(runs[1]);
    expect(correct.effects).toEqual({ [EDIT]: 1 });
    expect(new Set(correct.calls.map((call) => call.request_key.split(':')[0]))).toEqual(new Set(['run-0-loop-1-0']));
  });
});

describe('flaws that keep the loop’s bookkeeping in memory', () => {
  const FIVE_CALLS: Plan = { ...SEED_PLAN, budget_calls: 5 };

  it('budget-in-memory spends more than the budget across a crash; the correct loop stops at it', async () => {
    const crash = [{ life: 0, cut: 'tool-replied', nth: 4 }];
    const flawed = await run(budgetInMemory, {
      workload: { plan: FIVE_CALLS },
      plan: crash,
      tools: { gateFailures: { 'npm run build': 1 } },
    });
    const correct = await run(checkpointAfterStep, {
      workload: { plan: FIVE_CALLS },
      plan: crash,
      tools: { gateFailures: { 'npm run build': 1 } },
    });
    expect([flawed.crashes.length, correct.crashes.length]).toEqual([1, 1]);
    expect(flawed.metrics['calls']).toBeGreaterThan(5);
    expect(checkpointOf(flawed).calls_used).toBe(0);
    expect(correct.metrics['calls']).toBe(5);
    expect(checkpointOf(correct)).toMatchObject({ status: 'budget-exhausted', calls_used: 5 });
  });

  it('backoff-in-memory calls inside the Retry-After window after a crash; the correct loop waits it out', async () => {
    const options = { tools: { rateLimit: { requestsPerMinute: 60, burst: 2 } }, plan: [{ life: 0, cut: 'backoff-recorded' }] };
    const flawed = await run(backoffInMemory, options);
    const correct = await run(checkpointAfterStep, options);
    expect([flawed.crashes.length, correct.crashes.length]).toEqual([1, 1]);
    expect(flawed.metrics['calls_in_window']).toBe(1);
    expect(flawed.calls.find((call) => call.in_window === 1)).toMatchObject({ life: 1, at_ms: 100, outcome: '429' });
    expect(correct.metrics['calls_in_window']).toBe(0);
    expect(checkpointOf(correct).rate.limited).toBeGreaterThan(0);
    // The family's judge: the flaw had every 429 it was sent on disk and still called inside a window.
    const workload = { ...SEED_WORKLOAD, tools: { ...SEED_WORKLOAD.tools, ...options.tools } };
    expect(judgePlan(workload, flawed)).toEqual({
      kind: 'in-window',
      message: '1 call(s) inside a Retry-After window, though the loop recorded all 5 429(s) it was sent',
    });
    expect(judgePlan(workload, correct)).toBeUndefined();
  });

  it('the correct loop crashed before it recorded a 429 calls once inside that window, and the judge lets it: the 429 died with the process', async () => {
    const tools = { rateLimit: { requestsPerMinute: 60, burst: 2 } };
    const outcome = await run(checkpointAfterStep, { tools, plan: [{ life: 0, cut: 'tool-replied', nth: 3 }] });
    expect(outcome.crashes).toEqual([expect.objectContaining({ cut: 'tool-replied', life: 0, atMs: 100 })]);
    expect(outcome.calls.filter((call) => call.in_window === 1)).toEqual([
      expect.objectContaining({ life: 1, at_ms: 100, outcome: '429' }),
    ]);
    // Sent 5, recorded 4: one fewer than sent, so the call inside the window is explained.
    expect([outcome.metrics['calls_in_window'], outcome.metrics['rate_limited'], outcome.metrics['rate_limited_recorded']]).toEqual([
      1, 5, 4,
    ]);
    expect(judgePlan({ ...SEED_WORKLOAD, tools: { ...SEED_WORKLOAD.tools, ...tools } }, outcome)).toBeUndefined();
  });
});

describe('flaws that need no crash', () => {
  it('gate-as-opinion advances past a build that always fails, running no gate command; the correct loop stops', async () => {
    const tools = { gateFailures: { 'npm run build': 9 } };
    const flawed = await run(gateAsOpinion, { tools });
    const correct = await run(checkpointAfterStep, { tools });
    expect(flawed.calls.map((call) => call.tool)).toEqual(['search_components', 'write_file', 'verify']);
    expect(checkpointOf(flawed).status).toBe('completed');
    expect(flawed.metrics['advanced_on_failing_gate']).toBe(2);
    expect(checkpointOf(correct).status).toBe('step-failed');
    expect(correct.metrics['advanced_on_failing_gate']).toBe(0);
  });

  it('no-summary keeps every output; the correct loop condenses them every summaryEverySteps steps', async () => {
    const reads: Plan = {
      goal: 'read six times',
      budget_calls: 40,
      steps: Array.from({ length: 6 }, (_, n) => ({ id: `read${n + 1}`, action: 'search_components', gate: 'results > 0' })),
    };
    const flawed = await run(noSummary, { workload: { plan: reads } });
    const correct = await run(checkpointAfterStep, { workload: { plan: reads } });
    expect(checkpointOf(flawed).context).toMatchObject({ summary: null, peak_chars: 1_200 });
    expect(checkpointOf(flawed).context.outputs).toHaveLength(6);
    expect(checkpointOf(correct).context).toEqual({
      summary: 'summary after 5 steps: 5 outputs condensed',
      outputs: ['search_components: 3 results '.padEnd(200, '.')],
      peak_chars: 1_000,
    });
  });
});

describe('the frozen plan and the shared checkpoint', () => {
  it('stops with plan-changed when a restart finds another plan file, making no further call', async () => {
    const edited: Plan = { ...SEED_PLAN, goal: 'another goal' };
    const outcome = await run(checkpointAfterStep, {
      workload: { planAfterRestart: edited },
      plan: [{ life: 0, cut: 'before-step', nth: 2 }],
    });
    expect(outcome.crashes).toHaveLength(1);
    expect(outcome.calls.every((call) => call.life === 0)).toBe(true);
    expect(outcome.state['orchestrator']?.['loop_ends']).toEqual([expect.objectContaining({ life: 1, status: 'plan-changed' })]);
  });

  it('checkpoint-lease keeps the checkpoint in the orchestrator’s row, and two loops on it write the edit once', async () => {
    const outcome = await run(checkpointLease, { workers: 2 });
    expect(outcome.effects).toEqual({ [EDIT]: 1 });
    expect(checkpointOf(outcome).status).toBe('completed');
    expect(outcome.state['orchestrator']?.['checkpoint']).toHaveLength(1);
    const ends = outcome.state['orchestrator']?.['loop_ends'] as { worker: string; status: string }[];
    expect(ends.map((end) => end.worker).sort()).toEqual(['loop-1', 'loop-2']);
    // The lease held: one loop made the plan's five calls while the other waited, then found it completed.
    expect(outcome.calls.map((call) => call.worker)).toEqual(['loop-1', 'loop-1', 'loop-1', 'loop-1', 'loop-1']);
    expect(ends.map((end) => end.status)).toEqual(['completed', 'completed']);
  });
});
