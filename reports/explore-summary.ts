import type { ExploreResult } from '../sim/results/explore-result.js';
import { counted } from './plural.js';

export function boundsText(result: Pick<ExploreResult, 'protocol' | 'bounds'>, intentions: string): string {
  const { workers, crashDepth, retentionMs, cuts } = result.bounds;
  const receipts = retentionMs === null ? 'receipts kept forever' : `receipts kept ${retentionMs} ms`;
  const at = cuts === 'all' ? 'every boundary (each commit too)' : 'the named cuts';
  return `${result.protocol}, workers ${workers}, intentions ${result.bounds.intentions} (${intentions}), crash depth ${crashDepth}, at ${at}, ${receipts}`;
}

/** The explorer's verdict: how much was explored, how many end states, the violations by kind with the shortest of each. */
export function exploreSummary(result: ExploreResult, replay: (schedule: string) => string): string[] {
  const lines = [
    `explored ${counted(result.schedules, 'schedule')} (${result.complete} run to the end, ${result.pruned} stopped at a state already explored) in ${(result.timeMs / 1000).toFixed(2)} s: ${result.distinctEndStates} distinct end states`,
    result.reduction.on
      ? `reduced: one order of independent steps explored; ${counted(result.reduction.skipped, 'alternative')} left out at choices, each at least one more schedule of the naive search (--no-reduction runs it)`
      : 'not reduced: every interleaving explored.',
  ];
  if (result.violations.length === 0) lines.push('no violation: N = 1 for every intention in every explored schedule.');
  else {
    lines.push('violations by kind:');
    for (const group of result.violations) {
      const crashes = counted(group.shortest.crashes, 'crash', 'crashes');
      lines.push(
        `  ${group.kind}: ${counted(group.count, 'schedule')}; the plainest (${crashes}, ${counted(group.shortest.choices, 'choice')}): ${group.shortest.message}`,
      );
      lines.push(`    replay: ${replay(group.shortest.schedule)}`);
    }
  }
  lines.push(
    result.exhaustive
      ? 'exhaustive: every schedule within these bounds was explored.'
      : `NOT exhaustive: stopped at the bound of ${counted(result.schedules, 'execution')} (raise --executions-max).`,
  );
  return lines;
}
