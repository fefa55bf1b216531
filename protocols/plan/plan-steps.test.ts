import { describe, expect, it } from 'vitest';
import { planCases } from '../../sim/testing/plan-case.js';
import { checkpointAfterStep } from './checkpoint-after-step.js';
import { CORRECT_SEAMS } from './correct-seams.js';
import type { Plan } from './plan.js';
import { planLoop } from './plan-loop.js';
import { SEED_PLAN } from './seed-plan.js';
import type { Checkpoint } from './types.js';

/**
 * The correct loop on plans and settings beyond the seed's: steps of several
 * files, files the plan gives no content for, a command run as a step, a
 * summary after every step, the budget met at a gate, a crash between two
 * steps, a gate that times out or throws. Read back from the tool server's
 * `calls` and `writes`, the durable checkpoint and the history.
 */
const run = planCases('plan-steps');
type Outcome = Awaited<ReturnType<typeof run>>;
const RUN = 'run-0-loop-1-0';
const checkpointOf = (outcome: Outcome) => outcome.state['checkpoint']?.['checkpoint']?.[0] as unknown as Checkpoint;
const durableDone = (outcome: Outcome) =>
  outcome.history
    .all()
    .filter((event) => event.op === 'checkpoint-durable')
    .map((event) => [event.life, (event.value as { done: string[] }).done]);

describe('steps beyond the seed’s', () => {
  const TWO_EDITS: Plan = {
    goal: 'two edits',
    budget_calls: 40,
    steps: [
      { id: 'pair', action: 'edit', files: ['a.ts', 'b.ts'], gate: 'npm run build' },
      { id: 'test', action: 'run_command', args: { command: 'npm test' }, gate: 'npm run build' },
      { id: 'third', action: 'edit', files: ['c.ts'], args: { content: 'C\n' }, gate: 'npm run build' },
    ],
  };

  it('writes each file under its own key, with the goal and step as content when the plan gives none; a command step’s output is kept as JSON', async () => {
    const outcome = await run(checkpointAfterStep, { workload: { plan: TWO_EDITS } });
    expect(outcome.calls.map((call) => [call.tool, call.request_key])).toEqual([
      ['write_file', `${RUN}:pair:a.ts`],
      ['write_file', `${RUN}:pair:b.ts`],
      ['run_command', `${RUN}:pair:gate-0-3`],
      ['run_command', `${RUN}:test:read-0-4`],
      ['run_command', `${RUN}:test:gate-0-5`],
      ['write_file', `${RUN}:third:c.ts`],
      ['run_command', `${RUN}:third:gate-0-7`],
    ]);
    const writes = outcome.state['tool-server']?.['writes'] as { intention_id: string; path: string; content: string }[];
    expect(writes.map((write) => [write.intention_id, write.path, write.content])).toEqual([
      ['pair:a.ts', 'a.ts', 'two edits (pair)\n'],
      ['pair:b.ts', 'b.ts', 'two edits (pair)\n'],
      ['third:c.ts', 'c.ts', 'C\n'],
    ]);
    // The last gate expects every file the plan has written so far, each with its own planned content.
    const log = outcome.state['orchestrator']?.['call_log'] as { step: string; args: string }[];
    expect(JSON.parse(log.find((row) => row.step === 'third:gate')?.args ?? '{}')).toEqual({
      command: 'npm run build',
      expect: [
        { path: 'a.ts', content: 'two edits (pair)\n' },
        { path: 'b.ts', content: 'two edits (pair)\n' },
        { path: 'c.ts', content: 'C\n' },
      ],
    });
    const outputs = ['{"passed":true,"output":"npm test: ok"}'];
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', calls_used: 7, context: { outputs, peak_chars: 39 } });
  });

  it('summarises after every step when told to: the summary stays beside the next output, and both count towards the peak', async () => {
    const outcome = await run(checkpointAfterStep, { settings: { summaryEverySteps: 1 } });
    // After the search: 200 characters; after the verify: the 42 of the summary the edit left, and the verify's 200.
    expect(checkpointOf(outcome).context).toEqual({ summary: 'summary after 3 steps: 1 outputs condensed', outputs: [], peak_chars: 242 });
    // A step with no output (the edit, last here) has nothing to condense: the search's summary stays.
    const searchThenEdit = await run(checkpointAfterStep, {
      settings: { summaryEverySteps: 1 },
      workload: { plan: { ...SEED_PLAN, steps: SEED_PLAN.steps.slice(0, 2) } },
    });
    expect(checkpointOf(searchThenEdit).context).toEqual({
      summary: 'summary after 1 steps: 1 outputs condensed',
      outputs: [],
      peak_chars: 200,
    });
  });
});

describe('stops and crashes between the seed’s steps', () => {
  it('stops at the budget when only the gate’s command is left: the step is not marked done', async () => {
    const outcome = await run(checkpointAfterStep, { workload: { plan: { ...SEED_PLAN, budget_calls: 2 } } });
    expect(outcome.calls.map((call) => call.tool)).toEqual(['search_components', 'write_file']);
    expect(checkpointOf(outcome)).toMatchObject({
      status: 'budget-exhausted',
      current_step: 1,
      calls_used: 2,
      steps: [{ status: 'done' }, { id: 'edit', status: 'pending', attempts: 1 }, { status: 'pending', attempts: 0 }],
    });
  });

  it('after a crash once the first step’s checkpoint is durable, the restart goes on from the second step under the same run', async () => {
    const outcome = await run(checkpointAfterStep, { plan: [{ life: 0, cut: 'checkpoint-committed' }] });
    expect(outcome.crashes).toEqual([expect.objectContaining({ cut: 'checkpoint-committed', life: 0 })]);
    expect(outcome.calls.map((call) => [call.life, call.tool, call.request_key])).toEqual([
      [0, 'search_components', `${RUN}:search:read-0-1`],
      [1, 'write_file', `${RUN}:edit:client/src/catalog/Filters.tsx`],
      [1, 'run_command', `${RUN}:edit:gate-1-3`],
      [1, 'verify', `${RUN}:verify:read-1-4`],
      [1, 'run_command', `${RUN}:verify:gate-1-5`],
    ]);
    // What each step's commit made durable: one more step done each time, never a step ahead of its gate.
    expect(durableDone(outcome)).toEqual([
      [0, ['search']],
      [1, ['search', 'edit']],
      [1, ['search', 'edit', 'verify']],
    ]);
    expect(outcome.state['orchestrator']?.['loop_ends']).toEqual([{ id: 1, life: 1, worker: 'loop-1', status: 'completed' }]);
  });
});

describe('a file two steps write', () => {
  const REWRITE: Plan = {
    goal: 'rewrite',
    budget_calls: 40,
    steps: [
      { id: 'first', action: 'edit', files: ['a.ts'], args: { content: 'one\n' }, gate: 'npm run build' },
      { id: 'second', action: 'edit', files: ['a.ts'], args: { content: 'two\n' }, gate: 'npm run build' },
    ],
  };

  it('gets each step’s own content, and the later gate expects the later content only', async () => {
    const outcome = await run(checkpointAfterStep, { workload: { plan: REWRITE } });
    const writes = outcome.state['tool-server']?.['writes'] as { intention_id: string; content: string }[];
    expect(writes.map((write) => [write.intention_id, write.content])).toEqual([
      ['first:a.ts', 'one\n'],
      ['second:a.ts', 'two\n'],
    ]);
    const log = outcome.state['orchestrator']?.['call_log'] as { step: string; args: string; outcome: string }[];
    expect(JSON.parse(log.find((row) => row.step === 'second:gate')?.args ?? '{}')).toEqual({
      command: 'npm run build',
      expect: [{ path: 'a.ts', content: 'two\n' }],
    });
    // Both gates passed the first time: each step was attempted once and the plan completed.
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', steps: [{ attempts: 1 }, { attempts: 1 }] });
  });
});

describe('gates that do not answer', () => {
  it('a gate command that times out fails the attempt: the step is redone and passes', async () => {
    const outcome = await run(checkpointAfterStep, { tools: { slowCalls: { '3': 40_000 } } });
    expect(outcome.calls.map((call) => [call.tool, call.at_ms, call.outcome])).toEqual([
      ['search_components', 0, 'ok'],
      ['write_file', 50, 'ok'],
      ['run_command', 100, 'timeout'],
      ['write_file', 30_100, 'ok'],
      ['run_command', 30_150, 'ok'],
      ['verify', 30_200, 'ok'],
      ['run_command', 30_250, 'ok'],
    ]);
    expect(checkpointOf(outcome)).toMatchObject({ status: 'completed', steps: [{ attempts: 1 }, { attempts: 2 }, { attempts: 1 }] });
  });

  it('an error that is not the fence ends the run as an error, not as a lease given up', async () => {
    const broken = planLoop({
      name: 'gate-that-throws',
      summary: 'the correct loop with a gate that throws',
      toolContract: checkpointAfterStep.toolContract,
      seams: {
        ...CORRECT_SEAMS,
        gate: async () => {
          throw new Error('the gate broke');
        },
      },
    });
    const outcome = await run(broken);
    expect(outcome.end).toEqual({ kind: 'error', message: 'the gate broke' });
    expect(outcome.state['orchestrator']?.['loop_ends']).toEqual([]);
    expect(outcome.calls.map((call) => call.tool)).toEqual(['search_components']);
  });
});
