import { describe, expect, it } from 'vitest';
import type { StepState } from '../../../protocols/plan/types.js';
import { plantedPlanRun, type PlantedPlan } from '../../testing/planted-plan-run.js';
import { calls, finalCheckpoint, gatesPassed, judgePlan, ranToEnd, stepOfIntention, withinBudget, writesOnce } from './checks.js';
import { DEFAULT_PLAN_SETTINGS, SEED_WORKLOAD } from './workload.js';

/**
 * Every plan check gets a planted violation it must catch and a planted run
 * that only just passes it: rows written into real tool-server and
 * orchestrator stores and read back by the family's observer. The seed plan:
 * search (gate `results > 0`), edit (writes one file, gate `npm run build`),
 * verify (gate `npx tsc ...`), a budget of 40 calls.
 */
const EDIT = 'edit:client/src/catalog/Filters.tsx';
const trial = { workload: SEED_WORKLOAD };
const steps = (edit: Partial<StepState> = {}, others: Partial<StepState> = {}): StepState[] => [
  { id: 'search', status: 'done', attempts: 1, ...others },
  { id: 'edit', status: 'done', attempts: 1, ...edit },
  { id: 'verify', status: 'done', attempts: 1, ...others },
];
const EDIT_GATE = { intention: 'edit:gate', passed: true };
const VERIFY_GATE = { intention: 'verify:gate', passed: true };
const GATES_PASSED = [EDIT_GATE, VERIFY_GATE];
/** The seed plan run to its end: each step done once, the edit written once, both command gates passed, 5 calls. */
const completed = (change: Partial<PlantedPlan> = {}) =>
  plantedPlanRun({ workload: SEED_WORKLOAD, steps: steps(), writes: [EDIT], calls: 5, gateRuns: GATES_PASSED, ...change });

describe('stepOfIntention', () => {
  it('names the step of a write, a gate or a read by the oracle tag’s first part', () => {
    expect(stepOfIntention(EDIT)).toBe('edit');
    expect(stepOfIntention('verify:gate')).toBe('verify');
    expect(stepOfIntention('search')).toBe('search');
  });
});

describe('reading a plan run: calls and finalCheckpoint', () => {
  it('reads the tool server’s calls and the durable checkpoint, and nothing when a run has neither', () => {
    const run = completed();
    expect(calls(run)).toHaveLength(5);
    expect(calls(run)[0]).toMatchObject({ life: 0, request_key: 'k', outcome: 'ok' });
    expect(finalCheckpoint(run)?.steps).toEqual(steps());
    expect(calls({ ...run, state: {} })).toEqual([]);
    expect(finalCheckpoint(completed({ steps: undefined }))).toBeUndefined();
  });
});

describe('ranToEnd', () => {
  it('passes a completed run and catches one that failed or never completed a life', () => {
    expect(ranToEnd(trial, completed())).toBeUndefined();
    expect(ranToEnd(trial, completed({ end: { kind: 'error', message: 'boom' } }))).toEqual({
      kind: 'error',
      message: 'the run failed: boom',
    });
    expect(ranToEnd(trial, completed({ end: { kind: 'lives-exhausted', livesMax: 4 } }))).toEqual({
      kind: 'stuck',
      message: 'no life completed within 4 lives',
    });
  });
});

describe('writesOnce', () => {
  it('passes the edit written once when done, and not written at all while the edit is not done', () => {
    expect(writesOnce(trial, completed())).toBeUndefined();
    expect(writesOnce(trial, completed({ steps: steps({ status: 'pending' }), writes: [] }))).toBeUndefined();
    expect(writesOnce(trial, completed({ steps: steps({ status: 'failed' }), writes: [] }))).toBeUndefined();
    expect(writesOnce(trial, completed({ steps: undefined, writes: [] }))).toBeUndefined();
  });

  it('catches a write applied twice, done or not', () => {
    expect(writesOnce(trial, completed({ writes: [EDIT, EDIT] }))).toEqual({ kind: 'duplicate', message: `${EDIT} written 2 times` });
    expect(writesOnce(trial, completed({ steps: steps({ status: 'pending' }), writes: [EDIT, EDIT] }))?.kind).toBe('duplicate');
  });

  it('catches an edit the checkpoint calls done that the tool server never holds', () => {
    expect(writesOnce(trial, completed({ writes: [] }))).toEqual({
      kind: 'lost',
      message: `${EDIT}: its step is done but the tool server holds 0 writes`,
    });
    // An observation that counts no writes for the edit at all says 0, not undefined.
    expect(writesOnce(trial, { ...completed({ writes: [] }), effects: {} })?.message).toBe(
      `${EDIT}: its step is done but the tool server holds 0 writes`,
    );
    // Another step's write does not stand in for the edit's.
    expect(writesOnce(trial, completed({ writes: ['search:client/src/catalog/Filters.tsx'] }))?.kind).toBe('lost');
  });
});

describe('withinBudget', () => {
  it('passes exactly the budget and exactly retriesMax + 1 attempts of a step', () => {
    const attemptsMax = DEFAULT_PLAN_SETTINGS.retriesMax + 1;
    expect(attemptsMax).toBe(4);
    expect(withinBudget(trial, completed({ calls: 40, steps: steps({ attempts: attemptsMax }) }))).toBeUndefined();
  });

  it('passes a run that left no checkpoint, within the budget', () => {
    expect(withinBudget(trial, completed({ steps: undefined }))).toBeUndefined();
  });

  it('catches one call over the budget', () => {
    expect(withinBudget(trial, completed({ calls: 41 }))).toEqual({ kind: 'over-budget', message: '41 calls against a budget of 40' });
  });

  it('catches a step attempted once more than retriesMax + 1 times', () => {
    expect(withinBudget(trial, completed({ steps: steps({ attempts: 5 }) }))).toEqual({
      kind: 'unbounded',
      message: 'step edit attempted 5 times, more than 4',
    });
  });
});

describe('gatesPassed', () => {
  it('passes steps done with their gates passed, and a step not done whose gate never ran', () => {
    expect(gatesPassed(trial, completed())).toBeUndefined();
    expect(gatesPassed(trial, completed({ steps: steps({}, { status: 'pending' }), gateRuns: [EDIT_GATE] }))).toBeUndefined();
  });

  it('catches a step done whose build gate only ever failed, and a search done that found nothing', () => {
    expect(gatesPassed(trial, completed({ gateRuns: [{ ...EDIT_GATE, passed: false }, VERIFY_GATE] }))).toEqual({
      kind: 'gate-skipped',
      message: '1 step(s) advanced without their gate passing',
    });
    expect(gatesPassed(trial, completed({ searchResults: 0 }))?.message).toBe('1 step(s) advanced without their gate passing');
    expect(gatesPassed(trial, completed({ gateRuns: [], searchResults: 0 }))?.message).toBe(
      '3 step(s) advanced without their gate passing',
    );
  });
});

describe('judgePlan', () => {
  it('passes the completed run, and gives the first violation in the order the checks are listed', () => {
    expect(judgePlan(SEED_WORKLOAD, completed())).toBeUndefined();
    const everything = completed({ end: { kind: 'error', message: 'boom' }, writes: [EDIT, EDIT], calls: 41, gateRuns: [] });
    expect(judgePlan(SEED_WORKLOAD, everything)?.kind).toBe('error');
    expect(judgePlan(SEED_WORKLOAD, completed({ writes: [EDIT, EDIT], calls: 41, gateRuns: [] }))?.kind).toBe('duplicate');
    expect(judgePlan(SEED_WORKLOAD, completed({ calls: 41, gateRuns: [] }))?.kind).toBe('over-budget');
    expect(judgePlan(SEED_WORKLOAD, completed({ gateRuns: [] }))?.kind).toBe('gate-skipped');
  });
});
