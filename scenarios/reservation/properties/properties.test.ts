import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { DEFAULT_BOUNDS } from './arbitraries.js';
import { checkReservationProperty, replayProperty } from './check-property.js';
import { findProperty, PROPERTY_DEFINITIONS } from './definitions.js';
import { reservationRows } from '../../../sim/testing/read-warehouse.js';
import Database from 'better-sqlite3';
import type { Intention } from '../../../protocols/reservation/types.js';
import { expectedObjectStates } from '../../../sim/families/reservation/order-checks.js';

/**
 * Fixed seed and run count: the suite is reproducible; fresh-seeds.test.ts and `npm run soak` check other seeds. The runs
 * use memory stores, as `sim check` does by default: store-equivalence.test.ts shows files give the same results.
 */
const SEED = 20261201;
const RUNS = 300;
const scratch = tempFolder('properties');
const kept = tempFolder('properties-kept');

const holding = PROPERTY_DEFINITIONS.filter((p) => p.expect === 'hold');
const controls = PROPERTY_DEFINITIONS.filter((p) => p.expect === 'find');

const CONTROL_FINDS: Record<string, 'duplicate' | 'lost' | 'stuck' | 'order'> = {
  'control-no-dedup': 'duplicate',
  'control-mark-first': 'lost',
  'control-check-then-act': 'duplicate',
  'control-key-regenerated': 'duplicate',
  'control-short-retention': 'duplicate',
  'control-tenant-less': 'lost',
  'control-retry-definitive': 'stuck',
  'control-last-writer-wins': 'order',
  'control-resend-whole-new-key': 'duplicate',
  'control-partial-is-done': 'lost',
};

/** A property at the pinned seed, on memory stores (sim check's default for this family). */
const checkAtSeed = (definition: (typeof PROPERTY_DEFINITIONS)[number]) =>
  checkReservationProperty(definition, { runs: RUNS, seed: SEED, bounds: DEFAULT_BOUNDS, store: 'memory', scratch });

describe('properties that must hold', () => {
  it.each(holding.map((p) => ({ name: p.name, definition: p })))(
    '$name holds over generated runs, and every fault it depends on fired',
    async ({ definition }) => {
      const result = await checkAtSeed(definition);
      expect(result.counterexample?.violation).toBeUndefined();
      expect(result.unfired).toEqual([]);
      expect(result.outcome).toBe('held');
      expect(result.runs).toBe(RUNS);
      for (const fault of definition.mustFire) expect(result.tally[fault]).toBeGreaterThan(0);
    },
  );
});

describe('negative controls: the harness must catch each known bug', () => {
  it.each(controls.map((p) => ({ name: p.name, definition: p })))(
    '$name finds a small counterexample, and its replay shows the bug in warehouse.db',
    async ({ name, definition }) => {
      const result = await checkAtSeed(definition);
      expect(result.outcome).toBe('found');
      const ce = result.counterexample!;
      expect(ce.violation?.kind).toBe(CONTROL_FINDS[name]);
      // Shrunk to something a person reads in a minute.
      expect(ce.trial.intentions.length).toBeLessThanOrEqual(3);
      expect(ce.trial.crashAtHit.length).toBeLessThanOrEqual(2);
      expect(ce.trial.workers).toBeLessThanOrEqual(DEFAULT_BOUNDS.workersMax);

      const folder = join(kept, name);
      const replay = await replayProperty(definition, { seed: SEED, path: ce.path, bounds: DEFAULT_BOUNDS, folder });
      expect(replay?.violation).toEqual(ce.violation);
      // A flaw that retries until the round bound writes a long history by nature.
      expect(replay!.events.length).toBeLessThan(CONTROL_FINDS[name] === 'stuck' ? 1_200 : 120);

      if (CONTROL_FINDS[name] === 'order') {
        expectObjectOutOfOrder(join(folder, 'warehouse.db'), ce.violation!.intention!, replay!.trial.intentions);
        return;
      }
      const lines = replay!.trial.intentions.find((i) => `${i.tenant}:${i.key}` === ce.violation!.intention)?.params.lines;
      if (lines) {
        expectLineFault(folder, ce.violation!.intention!, lines.length, CONTROL_FINDS[name] === 'duplicate' ? 'duplicate' : 'dropped');
        return;
      }
      // Read N back from the kept file with a connection of the test's own.
      const culprit = ce.violation!.intention!.split('(')[0]!;
      const effects = reservationRows(join(folder, 'warehouse.db')).filter((row) => row.intention_id === culprit);
      if (CONTROL_FINDS[name] === 'duplicate') expect(effects.length).toBeGreaterThanOrEqual(2);
      else if (CONTROL_FINDS[name] === 'stuck') {
        // Refused for good, so no effect, and yet still pending in the agent's own store after draining.
        expect(effects).toEqual([]);
        expect(intentionStatuses(join(folder, 'orchestrator.db'), culprit)).toEqual(['pending']);
        // The fault fired: the warehouse refused it for good, and the flawed relay asked again and again.
        expect(
          replay!.events.filter((e) => e.type === 'fail' && (e.value as { definitive?: boolean }).definitive === true).length,
        ).toBeGreaterThan(1);
      } else
        expect(
          replay!.trial.intentions.some(
            (i) => `${i.tenant}:${i.key}` === culprit && !effects.some((e) => e.part === i.params.part && e.qty === i.params.qty),
          ),
        ).toBe(true);
    },
  );
});

describe('reproducibility', () => {
  it('the same seed finds the same counterexample at the same path', async () => {
    const definition = findProperty('control-key-regenerated')!;
    const options = { runs: RUNS, seed: SEED, bounds: DEFAULT_BOUNDS, store: 'memory' as const, scratch };
    const first = await checkReservationProperty(definition, options);
    const second = await checkReservationProperty(definition, options);
    expect(second.counterexample?.path).toBe(first.counterexample?.path);
    expect(second.counterexample?.trial).toEqual(first.counterexample?.trial);
    expect(second.tally).toEqual(first.tally);
  });
});

/**
 * An object's updates, read from the kept warehouse.db: each applied once, but
 * applied in an order other than the caller's (the fault fired: one overtook
 * another), and the object's final state is not the recorded order's.
 */
function expectObjectOutOfOrder(file: string, objectName: string, intentions: readonly Intention[]): void {
  const [tenant, object] = objectName.split('/') as [string, string];
  const updates = intentions.filter((i) => i.tenant === tenant && i.params.update?.object === object);
  const db = new Database(file, { readonly: true });
  try {
    // In the order the warehouse applied them: a reservation row's id is its place in that order.
    const applied = (db.prepare('SELECT intention_id AS tag FROM reservations ORDER BY reservations.id').all() as { tag: string }[])
      .map((row) => row.tag)
      .filter((id) => updates.some((u) => `${u.tenant}:${u.key}` === id));
    expect(applied.slice().sort()).toEqual(updates.map((u) => `${u.tenant}:${u.key}`).sort());
    expect(applied).not.toEqual(updates.map((u) => `${u.tenant}:${u.key}`));
    const held = db.prepare('SELECT state, qty FROM reservation_objects WHERE tenant = ? AND object = ?').get(tenant, object);
    expect(held).not.toEqual(expectedObjectStates(updates).get(objectName));
  } finally {
    db.close();
  }
}

/**
 * A request of several lines, read from the kept files: a line applied twice
 * in warehouse.db (duplicate), or a line with no effect whose local line is
 * still pending under an intention marked done (dropped).
 */
function expectLineFault(folder: string, id: string, lineCount: number, fault: 'duplicate' | 'dropped'): void {
  const tags = Array.from({ length: lineCount }, (_, n) => `${id}#${n + 1}`);
  const counts = tags.map((tag) => reservationRows(join(folder, 'warehouse.db')).filter((row) => row.intention_id === tag).length);
  if (fault === 'duplicate') {
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(2);
    return;
  }
  const db = new Database(join(folder, 'orchestrator.db'), { readonly: true });
  try {
    const lines = db
      .prepare(
        `SELECT l.line_no AS lineNo, l.status, i.status AS intention FROM intention_lines l JOIN intentions i ON i.id = l.intention_id
         WHERE i.tenant || ':' || i.key = ? ORDER BY l.line_no`,
      )
      .all(id) as { lineNo: number; status: string; intention: string }[];
    expect(lines.some((line) => line.status === 'pending' && line.intention === 'done' && counts[line.lineNo - 1] === 0)).toBe(true);
  } finally {
    db.close();
  }
}

/** The local statuses of an intention, read with a connection of the test's own. */
function intentionStatuses(file: string, id: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT status FROM intentions WHERE tenant || ':' || key = ?").all(id) as { status: string }[]).map(
      (r) => r.status,
    );
  } finally {
    db.close();
  }
}
