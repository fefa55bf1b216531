import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import type { StressResults } from './stress-results.js';
import type { ProtocolStress } from './stress-run.js';
import { lifePause } from './stress-trial.js';
import { stressOutcome, stressRunVerdict } from './stress-verdict.js';

const cwd = tempFolder('stress-verdict');

const CLEAN: ProtocolStress = {
  protocol: 'outbox-dedup',
  trials: 4,
  intentions: 8,
  effects: 8,
  duplicates: 0,
  extraEffects: 0,
  lost: 0,
  violatingTrials: 0,
  firstDuplicateTrial: null,
  busyRetries: 0,
  crashesArmed: 3,
  crashesFired: 2,
  failures: [],
  timeouts: [],
  timedOutTrials: 0,
  unexercisedTrials: 2,
  ms: 10,
  kept: [],
};
const held = { mustHold: true, crashesAsked: true };

describe('the verdict of a stress run', () => {
  it('tells a run that proves nothing, a time-out of its own and a violation apart', () => {
    expect(stressOutcome(CLEAN, held)).toBe('pass');
    expect(stressOutcome({ ...CLEAN, crashesFired: 0, unexercisedTrials: 4 }, held)).toBe('unexercised');
    // Without crashes asked for, a trial with none fired is what was asked.
    expect(stressOutcome({ ...CLEAN, crashesFired: 0 }, { ...held, crashesAsked: false })).toBe('pass');
    expect(stressOutcome({ ...CLEAN, timedOutTrials: 1, timeouts: ['trial 1: w1 life 0 ...'] }, held)).toBe('unknown');
    expect(stressOutcome({ ...CLEAN, lost: 1 }, held)).toBe('fail');
    expect(stressOutcome({ ...CLEAN, duplicates: 1, timedOutTrials: 1 }, held)).toBe('fail');
    expect(stressOutcome({ ...CLEAN, duplicates: 3 }, { ...held, mustHold: false })).toBe('pass');
    expect(stressOutcome({ ...CLEAN, failures: ['trial 2: w1 life 0 exited with code 1'] }, { ...held, mustHold: false })).toBe('fail');
    // A run whose crashes never fired judged nothing of crashes: unknown, as a time-out; a violation anywhere fails the run.
    expect([
      stressRunVerdict(['pass', 'pass']),
      stressRunVerdict(['pass', 'unknown']),
      stressRunVerdict(['unknown', 'unexercised']),
      stressRunVerdict(['pass', 'unexercised']),
      stressRunVerdict(['unknown', 'fail']),
    ]).toEqual(['pass', 'unknown', 'unknown', 'unknown', 'fail']);
  });

  it('faults stop in the lives after the faulty ones: no pause once the crash budget is spent', () => {
    const pause = { chance: 0.1, maxMs: 20 };
    expect(lifePause(0, 1, pause)).toEqual(pause);
    expect(lifePause(0, 0, pause)).toEqual(pause);
    expect(lifePause(1, 1, pause)).toEqual(pause);
    expect(lifePause(1, 0, pause)).toEqual({ chance: 0, maxMs: 20 });
    expect(lifePause(3, 0, pause)).toEqual({ chance: 0, maxMs: 20 });
  });

  it("a life stopped at cutpoint's own time limit is reported as not judged, not as the protocol's loss", async () => {
    // No worker process starts, runs and drains within 1 ms of wall time: every life meets the limit.
    const argv = ['stress', '-p', 'outbox-dedup', '-w', '1', '-i', '2', '-t', '1', '--seed', '4', '--life-timeout-ms', '1'];
    const json = await runCli([...argv, '--format', 'json'], cwd);
    expect(json.code).toBe(1);
    const results = JSON.parse(json.stdout) as StressResults;
    expect(results.verdict).toBe('unknown');
    const [summary] = results.protocols;
    expect(summary).toMatchObject({ verdict: 'unknown', timedOutTrials: 1, lost: 0, violatingTrials: 0, failures: [] });
    expect(summary!.timeouts[0]).toMatch(/^trial 1: w1 life 0 was still running at cutpoint's time limit of 1 ms$/);
    const text = await runCli(argv, cwd);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /NOT JUDGED: 1 trial had a worker life stopped at cutpoint's own time limit .*not a violation of the protocol/,
    );
    expect(text.stdout).not.toMatch(/VIOLATION/);
  });
});
