import { firedOf, outcomeOf, type ChunkVerdict, type PropertyResult, type Tally } from './check-property.js';
import { propertyVerdict } from '../results/property-result.js';

/**
 * The verdict of one property from parts that each ran some of its chunks
 * (the chunks of one worker, of one shard, or one chunk each). The chunks are
 * taken in their order up to the first that failed, as a single runner stops
 * there: runs and tallies add up over those, the counterexample is that
 * chunk's, and the outcome is judged again on the sum. A chunk after the
 * first failure is left out whoever ran it, so the merge does not depend on
 * how the chunks were dealt, nor on which of them a pool skipped.
 *
 * Every part must carry its chunks; the other fields of the part holding the
 * first failing chunk (its replay line, say) come along with its counterexample.
 */
export function mergeChunks<P extends PropertyResult>(parts: readonly P[], printedSeed: number): P {
  const [first] = parts;
  if (!first) throw new Error('mergeChunks: no part to merge');
  const owned = parts.flatMap((part) => (part.chunks ?? []).map((chunk) => ({ chunk, part })));
  owned.sort((a, b) => a.chunk.index - b.chunk.index);
  const failedAt = owned.findIndex(({ chunk }) => chunk.failed);
  const kept = failedAt === -1 ? owned : owned.slice(0, failedAt + 1);
  const chunks = kept.map(({ chunk }) => chunk);
  const tally = sumTallies(chunks);
  const firstNote = chunks.find((chunk) => chunk.firstNote !== undefined)?.firstNote;
  const unfired = first.mustFire.filter((kind) => (tally[kind] ?? 0) === 0);
  const unwanted = firedOf(first.mustNotFire ?? [], tally);
  const timeMs = chunks.reduce((sum, chunk) => sum + chunk.timeMs, 0);
  const executed = chunks.reduce((sum, chunk) => sum + chunk.executed, 0);
  const failing = failedAt === -1 ? undefined : owned[failedAt];
  const outcome = outcomeOf(first.expect, failing !== undefined, unfired, unwanted);
  // Fields a part adds beside the verdict (a replay line) belong to the counterexample they were made for.
  const merged = { ...first } as P & { replay?: unknown };
  delete merged.counterexample;
  delete merged.firstNote;
  if (firstNote !== undefined) merged.firstNote = firstNote;
  delete merged.replay;
  const from = failing?.part as (P & { replay?: unknown }) | undefined;
  if (from?.counterexample) merged.counterexample = from.counterexample;
  if (from?.replay) merged.replay = from.replay;
  return Object.assign(merged, {
    seed: printedSeed,
    outcome,
    passed: propertyVerdict(outcome) === 'pass',
    runs: chunks.reduce((sum, chunk) => sum + chunk.runs, 0),
    shrinks: failing?.chunk.shrinks ?? 0,
    timeMs,
    runsPerSecond: executed / (timeMs / 1000),
    tally,
    unfired,
    ...(first.mustNotFire === undefined ? {} : { unwanted }),
    chunks,
  });
}

function sumTallies(chunks: readonly ChunkVerdict[]): Tally {
  const tally: Tally = { runs: 0 };
  for (const chunk of chunks) for (const [kind, count] of Object.entries(chunk.tally)) tally[kind] = (tally[kind] ?? 0) + count;
  return tally;
}
