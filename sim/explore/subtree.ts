import { letSignalsIn } from '../process/let-signals-in.js';
import { nextAlternative } from './choices.js';
import { ExploredStates } from './explored-states.js';
import { LifeStarts } from './life-starts.js';
import { PathSteps, SleepSets } from './sleep-sets.js';
import { executeSchedule, exploreWorkloadOf, reduces, type ExploreTarget } from './target.js';
import { endStateHash, recordViolation, type Verdicts, type ViolationGroup } from './verdicts.js';

/** The verdicts of one subtree: every execution whose schedule starts with `key`. */
export interface SubtreeVerdicts extends Verdicts {
  key: number[];
}

/**
 * Explores the subtree of executions whose first choices are `key`, depth
 * first, by re-execution, at most `executionsMax` executions. Explored states
 * are remembered within the subtree only: what a subtree finds is then the
 * same whichever machine, thread or order explores it, so subtrees can be
 * shared out and their verdicts added up.
 */
export async function exploreSubtree(
  target: ExploreTarget,
  key: readonly number[],
  executionsMax: number,
  onExecution?: () => void,
  /** Where executions find the recoveries the last one started; tests give one that counts or never resumes. */
  starts: LifeStarts = new LifeStarts(),
): Promise<SubtreeVerdicts> {
  const workload = exploreWorkloadOf(target);
  const explored = new ExploredStates();
  const ends = new Set<string>();
  const groups = new Map<string, ViolationGroup>();
  let prefix: number[] = [...key];
  let known: string[] = [];
  let schedules = 0;
  let pruned = 0;
  let exhaustive = false;
  let skipped = 0;
  const path = reduces(target) ? new PathSteps() : undefined;
  // Both searches count end states up to renaming the family's interchangeable workers, so that their counts compare.
  const renamedEnds = target.protocolFile ? [] : (target.family.interchangeableWorkers?.(target.bounds.workers) ?? []);

  while (schedules < executionsMax) {
    await letSignalsIn();
    const memory = target.memoise === false ? new ExploredStates() : explored;
    const sleep = path ? new SleepSets(path, key.length) : undefined;
    const execution = await executeSchedule(target, prefix, memory, known, `explore/${key.join('.')}/${schedules}`, starts, sleep);
    schedules++;
    onExecution?.();
    if (execution.pruned || !execution.outcome) {
      pruned++;
    } else {
      ends.add(endStateHash(execution.outcome, renamedEnds));
      const violation = target.family.judge(workload, execution.outcome);
      if (violation) recordViolation(groups, violation, execution.log, execution.outcome);
    }
    // Backtrack within the subtree: every deepest choice whose alternatives are all taken is a fully explored state.
    const made = execution.log.made;
    let position = made.length - 1;
    for (const choice of made.slice(prefix.length)) skipped += choice.skip?.length ?? 0;
    while (position >= key.length && nextAlternative(made[position]!) === undefined) {
      explored.add(made[position]!.fingerprint);
      position--;
    }
    if (position < key.length) {
      exhaustive = true;
      break;
    }
    path?.keepUpTo(position);
    prefix = [...made.slice(0, position).map((choice) => choice.taken), nextAlternative(made[position]!)!];
    // The states up to the choice that changes are the ones this execution was in.
    known = made.slice(0, position + 1).map((choice) => choice.fingerprint);
  }

  return {
    key: [...key],
    schedules,
    pruned,
    endStates: [...ends].sort(),
    violations: [...groups.values()],
    exhaustive,
    skipped,
  };
}
