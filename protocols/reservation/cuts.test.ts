import { describe, expect, it } from 'vitest';
import { CLASSIC_CUT_MEANINGS, CLASSIC_CUTS, parseClassicCut } from './cuts.js';
import { intentionId, retryDelayMs } from './types.js';

describe('parseClassicCut', () => {
  it('takes an index or a name, trimmed, and refuses anything else', () => {
    expect(CLASSIC_CUTS).toEqual(['before-intent', 'intent-recorded', 'effect-applied', 'response-observed', 'confirmed']);
    expect(Object.keys(CLASSIC_CUT_MEANINGS)).toEqual([...CLASSIC_CUTS]);
    // Every meaning is a phrase a reader of the table's legend can use.
    for (const meaning of Object.values(CLASSIC_CUT_MEANINGS)) expect(meaning).toMatch(/^[a-z].{20,}/);
    expect(parseClassicCut('2')).toEqual({ index: 2, name: 'effect-applied' });
    expect(parseClassicCut(' 0 ')).toEqual({ index: 0, name: 'before-intent' });
    expect(parseClassicCut('confirmed')).toEqual({ index: 4, name: 'confirmed' });
    expect(parseClassicCut(' intent-recorded\n')).toEqual({ index: 1, name: 'intent-recorded' });
    for (const bad of ['5', '-1', '1.5', '2x', 'x2', '', 'Confirmed', 'no-such-cut']) expect(parseClassicCut(bad)).toBeUndefined();
  });
});

describe('retryDelayMs and intentionId', () => {
  it('waits delays[(attempts - 1) % length] before the next attempt, the first delay before the first retry', () => {
    const settings = { leaseMs: 1, retryDelaysMs: [10, 20, 30], refusedAttemptsMax: 6 };
    expect([0, 1, 2, 3, 4, 7].map((attempts) => retryDelayMs(settings, attempts))).toEqual([10, 10, 20, 30, 10, 10]);
    expect(retryDelayMs({ leaseMs: 1, retryDelaysMs: [], refusedAttemptsMax: 6 }, 3)).toBe(0);
  });

  it('names an intention tenant:key', () => {
    expect(intentionId({ tenant: 'tenantA', key: 'reserve42' })).toBe('tenantA:reserve42');
  });
});
