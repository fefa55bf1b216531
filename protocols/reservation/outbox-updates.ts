import { OUT_OF_ORDER } from './object-updates.js';
import type { OutboxExtension } from './outbox-seams.js';
import type { UpdateOp } from './types.js';

/** An update as the outbox recorded it: its object, its operation and its place among the object's updates. */
export interface RecordedUpdate {
  object: string;
  op: UpdateOp;
  objectSeq: number;
}

/** What a variant of the ordered updates may change, with the correct behaviour as its default. */
export interface UpdateSeams {
  /**
   * The place an update travels with. Correct: its object's sequence number,
   * recorded with the intention, so the warehouse applies the updates to one
   * object in the caller's order whatever order they arrive in.
   */
  sequence(update: RecordedUpdate): number | undefined;
}

export const CORRECT_UPDATE_SEAMS: UpdateSeams = { sequence: (update) => update.objectSeq };

/**
 * The outbox extended to updates of one reservation object (reserve, change
 * its quantity, cancel), each its own intention with its own key. An update's
 * place among its object's updates is fixed in the transaction that records
 * it, so the place is the caller's order and the same in every life; every
 * attempt sends the update with its place, and the warehouse applies update n
 * only after n - 1.
 */
export function orderedUpdates(changed: Partial<UpdateSeams> = {}): OutboxExtension {
  const seams: UpdateSeams = { ...CORRECT_UPDATE_SEAMS, ...changed };
  return {
    record(db, intention, intentionRowId) {
      const { update } = intention.params;
      if (!update) return;
      db.prepare('UPDATE intentions SET object = ?, op = ? WHERE id = ?').run(update.object, update.op, intentionRowId);
      // An update's place is the number of updates to its object recorded so far, itself included: the caller's order.
      db.prepare(
        'UPDATE outbox SET object_seq = (SELECT count(*) FROM intentions WHERE tenant = ? AND object = ?) WHERE intention_id = ?',
      ).run(intention.tenant, update.object, intentionRowId);
    },

    request(db, row, request) {
      const update = db
        .prepare('SELECT i.object, i.op, o.object_seq AS objectSeq FROM outbox o JOIN intentions i ON i.id = o.intention_id WHERE o.id = ?')
        .get(row.id) as RecordedUpdate | { object: null };
      if (update.object === null) return request;
      const seq = seams.sequence(update);
      return {
        ...request,
        params: { ...request.params, update: { object: update.object, op: update.op } },
        ...(seq === undefined ? {} : { seq }),
      };
    },

    refine: (outbox) => ({
      ...outbox,
      // An update refused as out of order waits for its predecessor, without a cap: the predecessor is in this same outbox, on its way.
      onRefused: (refusal, row, settings) =>
        !refusal.definitive && refusal.reason === OUT_OF_ORDER ? undefined : outbox.onRefused(refusal, row, settings),
    }),
  };
}
