import { AssertionError } from 'node:assert';
import { existsSync, rmdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkProperty, type CheckPropertyOptions } from './check.js';
import { unexercisedWords } from '../results/unexercised-words.js';
import { runTable, type TableOptions } from './table.js';
import { familyOf, type ProtocolRef } from './protocol-ref.js';

/**
 * Assertions for a user's own test files (`cutpoint/vitest`). They throw
 * node's AssertionError, which vitest (and any other runner) reports as a
 * failed test with its message: the counterexample, its timeline and the
 * line that replays it.
 */

/** Fails unless `protocol` satisfies the property on every generated run, and every fault the property depends on fired. */
export async function expectProtocolHolds(protocol: ProtocolRef, options: Omit<CheckPropertyOptions, 'protocol'>): Promise<void> {
  const result = await checkProperty({ ...options, protocol });
  if (result.passed) return;
  const indent = (text: string) => text.trimEnd().replace(/^/gm, '    ');
  const failure = result.failure;
  const message = failure
    ? [
        `${result.name} failed on ${String(protocol)} after ${result.runs} runs (seed ${result.seed}, ${result.shrinks} shrinks)`,
        `  violation: ${failure.violation}`,
        `  replay: ${failure.replay}`,
        `  kept: ${failure.folder}`,
        `  counterexample:\n${indent(failure.trial)}`,
        `  timeline (virtual ms, worker, event):\n${indent(failure.timeline)}`,
      ].join('\n')
    : `${result.name} on ${String(protocol)}: ${result.outcome} after ${result.runs} runs (seed ${result.seed}); faults that never fired: ${result.unfired.join(', ') || 'none'}${result.unwanted?.length ? `; ${unexercisedWords({ ...result, unfired: [] })}` : ''} (raise runs)`;
  throw new AssertionError({ message, actual: result.outcome, expected: 'held', operator: 'expectProtocolHolds' });
}

/**
 * Fails unless the protocol's table row (N per classic cut, in the family's
 * order) is `row`; every cell must have hit its cut. The run folder is kept
 * only when it fails, as a property keeps only its counterexample: a passing
 * test leaves nothing in the user's project.
 */
export async function expectTableRow(
  protocol: ProtocolRef,
  row: readonly number[],
  options: Pick<TableOptions, 'family' | 'out' | 'plan' | 'policy' | 'graph'> = {},
): Promise<void> {
  // A row of the wrong length is the test's mistake, told before the table runs (as runTable tells an expected row's).
  const family = await familyOf(options.family, [protocol]);
  if (row.length !== family.cuts.length)
    throw new TypeError(`expectTableRow: row has ${row.length} numbers; the ${family.name} family has ${family.cuts.length} classic cuts`);
  const parent = resolve(options.out ?? 'runs');
  const parentExisted = existsSync(parent);
  const results = await runTable({ protocols: [protocol], ...options, family, expected: {} });
  const [name] = results.protocols.map((p) => p.name);
  const cells = results.cells.filter((cell) => cell.protocol === name);
  const measured = cells.map((cell) => cell.effects);
  const unhit = cells.filter((cell) => !cell.case.cutFired).map((cell) => cell.cut.name);
  const errors = cells.flatMap((cell) => (cell.case.error ? [`${cell.cut.name}: ${cell.case.error}`] : []));
  const same = measured.length === row.length && measured.every((n, i) => n === row[i]);
  if (same && unhit.length === 0 && errors.length === 0) {
    rmSync(results.runFolder, { recursive: true, force: true });
    // The parent goes too if this call created it and nothing else is in it (rmdir refuses a folder that is not empty).
    if (!parentExisted)
      try {
        rmdirSync(parent);
      } catch {
        // Another run (a failing test beside this one) keeps its folder there.
      }
    return;
  }
  const cuts = results.cuts.map((cut) => cut.name).join(', ');
  const message = [
    `table row of ${name}: expected [${row.join(', ')}], measured [${measured.map((n) => n ?? '?').join(', ')}] (cuts: ${cuts})`,
    ...(unhit.length > 0 ? [`  armed cuts that never fired, so those cells prove nothing: ${unhit.join(', ')}`] : []),
    ...errors.map((error) => `  ${error}`),
    `  run folder: ${results.runFolder}`,
  ].join('\n');
  throw new AssertionError({ message, actual: measured, expected: [...row], operator: 'expectTableRow' });
}
