import { describe, expect, it } from 'vitest';
import { planCases } from '../../sim/testing/plan-case.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { SEED_PLAN } from './seed-plan.js';
import type { Checkpoint } from './types.js';

/**
 * The correct plan loop (checkpoint-after-step) run in this process on real
 * files: what the tool server's `calls` and `writes` tables, the
 * orchestrator's call log and the durable checkpoint hold after each case.
 */
const run = planCases('plan-loop');
const RUN = 'run-0-loop-1-0';
const EDIT = 'client/src/catalog/Filters.tsx';
const EDIT_CONTENT = "export const regionFilter = { field: 'regione', label: 'Regione' };\n";
const checkpointOf = (outcome: Awaited<ReturnType<typeof run>>) =>
  outcome.state['checkpoint']?.['checkpoint']?.[0] as unknown as Checkpoint;
const callsOf = (outcome: Awaited<ReturnType<typeof run>>) =>
  outcome.calls.map((call) => [call.life, call.tool, call.request_key, call.at_ms, call.outcome]);

describe('the correct plan loop, nothing going wrong', () => {
  it('makes five calls, each counted before it is made and keyed by run and step, and ends completed', async () => {
    const outcome = await run(checkpointAfterStep);
    expect(callsOf(outcome)).toEqual([
      [0, 'search_components', `${RUN}:search:read-0-1`, 0, 'ok'],
      [0, 'write_file', `${RUN}:edit:${EDIT}`, 50, 'ok'],
      [0, 'run_command', `${RUN}:edit:gate-0-3`, 100, 'ok'],
      [0, 'verify', `${RUN}:verify:read-0-4`, 150, 'ok'],
      [0, 'run_command', `${RUN}:verify:gate-0-5`, 200, 'ok'],
    ]);
    expect(outcome.state['tool-server']?.['writes']).toEqual([
      expect.objectContaining({ intention_id: `edit:${EDIT}`, path: EDIT, content: EDIT_CONTENT }),
    ]);
    const checkpoint = checkpointOf(outcome);
    expect(checkpoint).toMatchObject({
      run_id: RUN,
      current_step: 3,
      calls_used: 5,
      status: 'completed',
      steps: [
        { id: 'search', status: 'done', attempts: 1 },
        { id: 'edit', status: 'done', attempts: 1 },
        { id: 'verify', status: 'done', attempts: 1 },
      ],
      rate: { limited: 0, retry_after_until_ms: null },
    });
    // The read steps' outputs are the loop's context; the writes and gates add nothing to it.
    expect(checkpoint.context.outputs).toEqual(['search_components: 3 results '.padEnd(200, '.'), 'verify: 3 results '.padEnd(200, '.')]);
    expect(checkpoint.context).toMatchObject({ summary: null, peak_chars: 400 });
    expect(outcome.state['orchestrator']?.['loop_ends']).toEqual([{ id: 1, life: 0, worker: 'loop-1', status: 'completed' }]);
    const log = outcome.state['orchestrator']?.['call_log'] as {
      step: string;
      tool: string;
      args: string;
      duration_ms: number;
      outcome: string;
    }[];
    expect(log.map((row) => [row.step, row.tool, row.duration_ms, row.outcome])).toEqual([
      ['search', 'search_components', 50, 'ok'],
      [`edit:${EDIT}`, 'write_file', 50, 'ok'],
      ['edit:gate', 'run_command', 50, 'ok'],
      ['verify', 'verify', 50, 'ok'],
      ['verify:gate', 'run_command', 50, 'ok'],
    ]);
    expect(JSON.parse(log[2]?.args ?? '{}')).toEqual({ command: 'npm run build', expect: [{ path: EDIT, content: EDIT_CONTENT }] });
    expect(JSON.parse(log[1]?.args ?? '{}')).toEqual({ path: EDIT, content: EDIT_CONTENT });
  });
});

describe('the correct plan loop against tools that fail', () => {
  it('retries a step whose build gate fails, under the same write key, and advances once it passes', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { gateFailures: { 'npm run build': 2 } } });
    expect(outcome.calls.map((call) => call.request_key)).toEqual([
      `${RUN}:search:read-0-1`,
      `${RUN}:edit:${EDIT}`,
      `${RUN}:edit:gate-0-3`,
      `${RUN}:edit:${EDIT}`,
      `${RUN}:edit:gate-0-5`,
      `${RUN}:edit:${EDIT}`,
      `${RUN}:edit:gate-0-7`,
      `${RUN}:verify:read-0-8`,
      `${RUN}:verify:gate-0-9`,
    ]);
    // The resends were replayed from the receipt: one write.
    expect(outcome.effects).toEqual({ [`edit:${EDIT}`]: 1 });
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', steps: [{ attempts: 1 }, { attempts: 3 }, { attempts: 1 }] });
  });

  it('stops with step-failed after retriesMax + 1 attempts, leaving the step failed and the next never begun', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { gateFailures: { 'npm run build': 4 } } });
    expect(outcome.calls).toHaveLength(9);
    expect(checkpointOf(outcome)).toMatchObject({
      status: 'step-failed',
      current_step: 1,
      calls_used: 9,
      steps: [
        { id: 'search', status: 'done', attempts: 1 },
        { id: 'edit', status: 'failed', attempts: 4 },
        { id: 'verify', status: 'pending', attempts: 0 },
      ],
    });
    expect(outcome.state['orchestrator']?.['loop_ends']).toEqual([expect.objectContaining({ status: 'step-failed' })]);
  });

  it('never advances a search that found nothing: its gate is a count over the output', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { searchResults: 0 } });
    expect(outcome.calls.map((call) => call.tool)).toEqual([
      'search_components',
      'search_components',
      'search_components',
      'search_components',
    ]);
    expect(checkpointOf(outcome)).toMatchObject({
      status: 'step-failed',
      steps: [{ id: 'search', status: 'failed', attempts: 4 }, {}, {}],
    });
  });

  it('stops at the budget: the call that would exceed it is never made', async () => {
    const outcome = await run(checkpointAfterStep, { workload: { plan: { ...SEED_PLAN, budget_calls: 3 } } });
    expect(outcome.calls.map((call) => call.tool)).toEqual(['search_components', 'write_file', 'run_command']);
    expect(checkpointOf(outcome)).toMatchObject({ status: 'budget-exhausted', calls_used: 3, current_step: 2 });
  });

  it('waits out each Retry-After before asking again, recording the back-off in the checkpoint', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { rateLimit: { requestsPerMinute: 60, burst: 2 } } });
    expect(callsOf(outcome).slice(2)).toEqual([
      [0, 'run_command', `${RUN}:edit:gate-0-3`, 100, '429'],
      [0, 'run_command', `${RUN}:edit:gate-0-3`, 1_000, 'ok'],
      [0, 'verify', `${RUN}:verify:read-0-5`, 1_050, '429'],
      [0, 'verify', `${RUN}:verify:read-0-5`, 2_000, 'ok'],
      [0, 'run_command', `${RUN}:verify:gate-0-7`, 2_050, '429'],
      [0, 'run_command', `${RUN}:verify:gate-0-7`, 3_000, 'ok'],
    ]);
    expect(outcome.calls.every((call) => call.in_window === 0)).toBe(true);
    // A 429 took no time the loop waited on: its call log row has no duration.
    const log = outcome.state['orchestrator']?.['call_log'] as { duration_ms: number | null; outcome: string }[];
    expect(log.filter((row) => row.outcome === 'rate-limited').map((row) => row.duration_ms)).toEqual([null, null, null]);
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', calls_used: 8, rate: { limited: 3, retry_after_until_ms: 3_000 } });
  });

  it('abandons a call at the timeout and tries the step again', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { slowCalls: { '2': 40_000 } } });
    expect(outcome.calls.slice(1, 3).map((call) => [call.tool, call.at_ms, call.duration_ms, call.outcome])).toEqual([
      ['write_file', 50, 30_000, 'timeout'],
      ['write_file', 30_050, 50, 'ok'],
    ]);
    expect(outcome.effects).toEqual({ [`edit:${EDIT}`]: 1 });
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', steps: [{ attempts: 1 }, { attempts: 2 }, { attempts: 1 }] });
    // The loop's own call log keeps the time it waited: the timeout for the abandoned call.
    const log = outcome.state['orchestrator']?.['call_log'] as { duration_ms: number | null; outcome: string }[];
    expect(log.map((row) => [row.duration_ms, row.outcome])).toEqual([
      [50, 'ok'],
      [30_000, 'timeout'],
      [50, 'ok'],
      [50, 'ok'],
      [50, 'ok'],
      [50, 'ok'],
    ]);
  });
});
