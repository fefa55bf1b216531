import { findProtocol } from '../protocols/reservation/registry.js';
import type { ExploreTarget } from '../sim/explore/target.js';
import { LifeStarts } from '../sim/explore/life-starts.js';
import { exploreSubtree } from '../sim/explore/subtree.js';
import { reservationFamily } from '../sim/families/reservation/family.js';

/** Every execution lived from its first attempt: exploration as it was before recoveries were taken up again. */
class NeverResume extends LifeStarts {
  override resumeFor(): undefined {
    return undefined;
  }
}

/** CPU time of this process (user + system) in ms: the machine is shared, and wall time there measures the neighbours too. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The cost of one execution of `sim explore` W=2 I=2 D=2 on each seed
 * protocol, the whole tree unsplit in this thread, each execution started at
 * the last recovery it shares with the one before it, and each lived from its
 * first attempt: same schedules, same verdicts, CPU time per execution.
 * Run it from dist/: `node dist/bench/execution-cost.js [rounds]` (the best
 * of `rounds`, default 2).
 */
async function main(rounds: number): Promise<void> {
  console.log(`protocol         schedules  resumed (us/execution)  from the first attempt  ratio`);
  for (const name of ['outbox-dedup', 'outbox-no-dedup', 'mark-first']) {
    const target: ExploreTarget = {
      family: reservationFamily,
      protocol: findProtocol(name)!,
      bounds: { workers: 2, intentions: 2, crashDepth: 2, retentionMs: null, cuts: 'named' },
    };
    const best = { resumed: Infinity, replayed: Infinity };
    let schedules = 0;
    for (let round = 0; round < rounds; round++) {
      for (const way of ['resumed', 'replayed'] as const) {
        const started = cpuMs();
        const verdicts = await exploreSubtree(target, [], 200_000, undefined, way === 'resumed' ? new LifeStarts() : new NeverResume());
        best[way] = Math.min(best[way], cpuMs() - started);
        if (schedules !== 0 && verdicts.schedules !== schedules)
          throw new Error(`${name}: ${verdicts.schedules} schedules, then ${schedules}`);
        schedules = verdicts.schedules;
      }
    }
    const us = (ms: number) => ((ms * 1000) / schedules).toFixed(0).padStart(10);
    console.log(
      `${name.padEnd(16)} ${String(schedules).padStart(9)}  ${us(best.resumed)}              ${us(best.replayed)}              ${(best.replayed / best.resumed).toFixed(2)}x`,
    );
  }
}

await main(Number(process.argv[2] ?? 2));
