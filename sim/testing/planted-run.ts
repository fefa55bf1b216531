import Database from 'better-sqlite3';
import { LOCAL_SCHEMA } from '../../protocols/reservation/local-schema.js';
import { WAREHOUSE_SCHEMA } from '../../protocols/reservation/warehouse.js';
import { intentionId, type Intention } from '../../protocols/reservation/types.js';
import type { RunEnd } from '../engine/runner.js';
import { readTables } from '../engine/store-state.js';
import type { JudgedRun } from '../engine/family.js';
import { History, type HistoryEvent } from '../engine/history.js';

/** One local intention row as a planted run writes it. */
export interface PlantedLocal {
  intention: Intention;
  status: 'pending' | 'done' | 'failed' | 'reconcile';
  result?: string | null;
  /** Virtual ms at which the intention was first recorded; 0 when left out. */
  issuedAtMs?: number;
}

/** One reservation row as a planted run writes it: for an intention, or with its params changed on purpose. */
export interface PlantedEffect {
  intention: Intention;
  part?: string;
  qty?: number;
  /** The oracle tag, when not the intention's own `tenant:key` (a line's `tenant:key#n`). */
  tag?: string;
}

/** One local line of a request of several lines, for the local intention planted with the same intention. */
export interface PlantedLine {
  intention: Intention;
  lineNo: number;
  status: 'pending' | 'applied' | 'refused';
  result?: string | null;
}

/** One reservation object as the warehouse holds it. */
export interface PlantedObject {
  tenant: string;
  object: string;
  state: 'reserved' | 'cancelled';
  qty: number;
}

/**
 * A run made by hand: the rows are written into real SQLite stores (the
 * orchestrator's and the warehouse's schemas, in memory) and read back with
 * the checker's own reader, so a planted violation reaches a check exactly as
 * a simulated one would. Reservation ids are 1, 2, ... in the order given.
 */
export function plantedRun(plant: {
  locals?: readonly PlantedLocal[];
  effects?: readonly PlantedEffect[];
  lines?: readonly PlantedLine[];
  objects?: readonly PlantedObject[];
  end?: RunEnd;
  events?: readonly Omit<HistoryEvent, 'seq'>[];
}): JudgedRun & { history: History } {
  const orchestrator = new Database(':memory:');
  const warehouse = new Database(':memory:');
  try {
    orchestrator.exec(LOCAL_SCHEMA);
    warehouse.exec(WAREHOUSE_SCHEMA);
    const local = orchestrator.prepare(
      'INSERT INTO intentions (tenant, key, part, qty, status, result, issued_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const { intention, status, result, issuedAtMs } of plant.locals ?? [])
      local.run(intention.tenant, intention.key, intention.params.part, intention.params.qty, status, result ?? null, issuedAtMs ?? 0);
    const effect = warehouse.prepare(
      'INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms) VALUES (?, ?, ?, ?, ?, 0)',
    );
    for (const { intention, part, qty, tag } of plant.effects ?? [])
      effect.run(
        intention.tenant,
        intention.key,
        part ?? intention.params.part,
        qty ?? intention.params.qty,
        tag ?? intentionId(intention),
      );
    const line = orchestrator.prepare(
      `INSERT INTO intention_lines (intention_id, line_no, line_key, part, qty, status, result)
       SELECT id, ?, key || '#' || ?, ?, ?, ?, ? FROM intentions WHERE tenant = ? AND key = ? AND part = ? AND qty = ?`,
    );
    for (const { intention, lineNo, status, result } of plant.lines ?? []) {
      const planted = intention.params.lines?.[lineNo - 1] ?? { part: '?', qty: 0 };
      const { tenant, key, params } = intention;
      line.run(lineNo, lineNo, planted.part, planted.qty, status, result ?? null, tenant, key, params.part, params.qty);
    }
    const object = warehouse.prepare(`INSERT INTO reservation_objects (tenant, object, state, part, qty) VALUES (?, ?, ?, 'p', ?)`);
    for (const { tenant, object: name, state, qty } of plant.objects ?? []) object.run(tenant, name, state, qty);
    const history = new History();
    for (const event of plant.events ?? []) history.record(event);
    return {
      effects: {},
      metrics: {},
      // The warehouse's objects as the family's observe reads them (sim/families/reservation/family.ts), beside every table.
      state: { orchestrator: readTables(orchestrator), warehouse: { ...readTables(warehouse), objects: objectsOf(warehouse) } },
      end: plant.end ?? { kind: 'completed' },
      history,
    };
  } finally {
    orchestrator.close();
    warehouse.close();
  }
}

function objectsOf(warehouse: Database.Database): Record<string, unknown>[] {
  return warehouse.prepare('SELECT tenant, object, state, qty FROM reservation_objects ORDER BY tenant, object').all() as Record<
    string,
    unknown
  >[];
}

/** The result a done intention stores when the warehouse answered with reservation `id`. */
export function doneWith(id: number): string {
  return JSON.stringify({ reservationId: id, replayed: false });
}
