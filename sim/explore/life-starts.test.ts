import { describe, expect, it } from 'vitest';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { reservationFamily } from '../families/reservation/family.js';
import type { ExecutionStart } from './controlled-run.js';
import { LifeStarts } from './life-starts.js';
import { exploreSubtree } from './subtree.js';
import { executeSchedule, type ExploreTarget } from './target.js';

/** Counts the executions that started at a recovery instead of the first attempt, and the lives they did not live again. */
class CountingStarts extends LifeStarts {
  resumed = 0;
  livesSkipped = 0;

  override resumeFor(shared: number): ExecutionStart | undefined {
    const start = super.resumeFor(shared);
    if (start) {
      this.resumed++;
      this.livesSkipped += start.run.life.index;
    }
    return start;
  }
}

/** Every execution lived from its first attempt, as exploration did before recoveries were taken up again. */
class NeverResume extends LifeStarts {
  override resumeFor(): undefined {
    return undefined;
  }
}

const target = (protocol: string, crashDepth: number): ExploreTarget => ({
  family: reservationFamily,
  protocol: findProtocol(protocol)!,
  bounds: { workers: 2, intentions: 2, crashDepth, retentionMs: null, cuts: 'named' },
});

describe('executions taken up at a recovery the last one started', () => {
  it.each(['outbox-no-dedup', 'mark-first'])(
    '%s, W=2 I=2 D=2: a subtree gives the same verdicts as when every execution starts from its first attempt',
    { timeout: 300_000 },
    async (protocol) => {
      const counting = new CountingStarts();
      const resumed = await exploreSubtree(target(protocol, 2), [], 400, undefined, counting);
      const replayed = await exploreSubtree(target(protocol, 2), [], 400, undefined, new NeverResume());
      expect(resumed).toEqual(replayed);
      expect(resumed.violations.length).toBeGreaterThan(0);
      // The shortcut was taken: executions started at a recovery, and lives before it were not lived again.
      expect(counting.resumed).toBeGreaterThan(resumed.schedules / 10);
      expect(counting.livesSkipped).toBeGreaterThanOrEqual(counting.resumed);
    },
  );

  it('outbox-no-dedup: an execution resumed at a recovery has the history, counts and stores of one replayed from its first attempt', async () => {
    const explore = target('outbox-no-dedup', 2);
    // Crash at the first cut (choice 0), then at the first cut of the recovery (choice 1).
    const starts = new CountingStarts();
    const leading = await executeSchedule(explore, [1, 1], new Set(), [], 'a', starts);
    expect(leading.outcome?.crashes).toHaveLength(2);
    // The same schedule again shares its first choice with the last one: it is taken up at the first recovery.
    const resumed = await executeSchedule(explore, [1, 1], new Set(), [], 'b', starts);
    expect(starts).toMatchObject({ resumed: 1, livesSkipped: 1 });
    const replayed = await executeSchedule(explore, [1, 1], new Set(), [], 'c');
    for (const execution of [resumed, replayed]) {
      expect(execution.outcome?.history.toJsonl()).toBe(leading.outcome?.history.toJsonl());
      expect(execution.outcome?.effects).toEqual(leading.outcome?.effects);
      expect(execution.outcome?.state).toEqual(leading.outcome?.state);
      expect(execution.outcome?.cutHits).toEqual(leading.outcome?.cutHits);
      expect(execution.outcome?.lives).toEqual(leading.outcome?.lives);
      expect(execution.outcome?.endedAtMs).toBe(leading.outcome?.endedAtMs);
      expect(execution.log.made).toEqual(leading.log.made);
    }
  });
});
