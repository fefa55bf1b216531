import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { reservationFamily } from '../families/reservation/family.js';
import { ChoiceLog, type Choice } from './choices.js';
import { runControlled, type ExploreBounds } from './controlled-run.js';

const BOUNDS: ExploreBounds = { workers: 3, intentions: 2, crashDepth: 1, retentionMs: null, cuts: 'named' };

/** A log that crashes at the nth crash choice and notes, in order, each choice and each recovery's start. */
class CrashingLog extends ChoiceLog {
  readonly seen: (Choice['kind'] | 'recovery')[] = [];
  private crashChoices = 0;

  constructor(private readonly crashAt: number) {
    super([], new Set());
  }

  override choose(kind: Choice['kind'], options: number, fingerprint: () => string, skip: readonly number[] = []): number {
    if (options >= 2) this.seen.push(kind);
    if (kind === 'crash' && options >= 2 && ++this.crashChoices === this.crashAt) {
      this.made.push({ kind, taken: 1, options, fingerprint: fingerprint() });
      return 1;
    }
    return super.choose(kind, options, fingerprint, skip);
  }
}

describe('a crashed life', () => {
  it('lets its waiting workers die without a choice among them: every order of their release is the same', async () => {
    let crashes = 0;
    // Crash at each relay cut in turn; at some of them other relays are waiting at theirs.
    for (let crashAt = 5; crashAt <= 12; crashAt++) {
      const log = new CrashingLog(crashAt);
      const execution = await runControlled({
        family: reservationFamily,
        protocol: findProtocol('outbox-dedup')!,
        workload: reservationFamily.exploreWorkload(BOUNDS.intentions),
        bounds: BOUNDS,
        log,
        folder: `crashed-life/${crashAt}`,
        onLifeStart: () => log.seen.push('recovery'),
      });
      const crash = log.made.findIndex((choice) => choice.kind === 'crash' && choice.taken === 1);
      if (crash === -1) continue;
      expect(execution.outcome?.lives.map((life) => life.ended)).toEqual(['crashed', 'completed', 'completed']);
      const afterCrash = log.seen.slice(log.seen.lastIndexOf('crash') + 1);
      // Between the crash and the recovery's start, no choice was offered.
      expect(afterCrash[0]).toBe('recovery');
      crashes++;
    }
    expect(crashes).toBeGreaterThan(4);
  });
});
