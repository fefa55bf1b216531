import type { Intention } from '../../../protocols/reservation/types.js';
import type { JudgedRun } from '../../engine/family.js';
import type { ReservationViolation } from './checks.js';

/** A reservation object's state, as the warehouse holds it or as the caller's updates say it must be. */
export interface ObjectState {
  state: 'reserved' | 'cancelled';
  qty: number;
}

interface ObjectRow extends ObjectState {
  tenant: string;
  object: string;
}

function objectName(tenant: string, object: string): string {
  return `${tenant}/${object}`;
}

/**
 * The oracle: each object's state after applying its updates one by one in
 * the order the caller recorded them (the workload's order). Reserve and
 * change-quantity leave it reserved with their quantity; cancel leaves it
 * cancelled with nothing reserved.
 */
export function expectedObjectStates(intentions: readonly Intention[]): Map<string, ObjectState> {
  const states = new Map<string, ObjectState>();
  for (const { tenant, params } of intentions) {
    if (!params.update) continue;
    const after: ObjectState = params.update.op === 'cancel' ? { state: 'cancelled', qty: 0 } : { state: 'reserved', qty: params.qty };
    states.set(objectName(tenant, params.update.object), after);
  }
  return states;
}

/**
 * Updates in order: once the outbox has drained, every reservation object the
 * warehouse holds (read from warehouse.db) is in the state its updates give
 * when applied in the caller's recorded order. A revived cancellation, a
 * quantity older than the last change, or an object that never came to be
 * are all this violation.
 */
export function updatesInOrder(trial: { intentions: readonly Intention[] }, outcome: JudgedRun): ReservationViolation | undefined {
  const rows = (outcome.state['warehouse']?.['objects'] ?? []) as unknown as ObjectRow[];
  for (const [name, expected] of expectedObjectStates(trial.intentions)) {
    const held = rows.find((row) => objectName(row.tenant, row.object) === name);
    if (held?.state === expected.state && held.qty === expected.qty) continue;
    const found = held ? `${held.state} x${held.qty}` : 'absent';
    return {
      kind: 'order',
      intention: name,
      message: `${name} is ${found} in the warehouse, but its updates in the recorded order leave it ${expected.state} x${expected.qty}`,
    };
  }
  return undefined;
}
