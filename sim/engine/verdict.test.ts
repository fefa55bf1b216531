import { describe, expect, it } from 'vitest';
import { combinedVerdict, isStoredVerdictWord, readStoredVerdict, STORED_VERDICT_WORDS } from './verdict.js';

describe('the one Verdict', () => {
  it('combines as Jepsen merges valid?: a fail anywhere fails, else an unknown leaves the whole unknown, else pass', () => {
    expect(combinedVerdict([])).toBe('pass');
    expect(combinedVerdict(['pass', 'pass'])).toBe('pass');
    expect(combinedVerdict(['pass', 'unknown', 'pass'])).toBe('unknown');
    expect(combinedVerdict(['unknown', 'fail'])).toBe('fail');
    expect(combinedVerdict(['fail', 'unknown'])).toBe('fail');
  });

  it('reads every word a results.json has held: error as unknown, match and mismatch as pass and fail', () => {
    expect(STORED_VERDICT_WORDS.map(readStoredVerdict)).toEqual(['pass', 'fail', 'unknown', 'unknown', 'pass', 'fail']);
    expect(STORED_VERDICT_WORDS.every(isStoredVerdictWord)).toBe(true);
    expect([undefined, 'held', 'toString', 3].some(isStoredVerdictWord)).toBe(false);
  });
});
