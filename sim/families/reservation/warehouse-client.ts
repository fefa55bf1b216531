import type { JsonValue, ReceiverClient } from '../../../protocols/receivers/types.js';
import type { ReserveReply, ReserveRequest, WarehouseClient } from '../../../protocols/reservation/types.js';
import { assertNever } from '../../../protocols/assert-never.js';

/**
 * The reservation protocols' typed view of the generic warehouse client: a
 * reservation is a request of kind `reserve` whose payload is the params, and
 * an applied one's result is its reservation id.
 */
export function warehouseClient(client: ReceiverClient): WarehouseClient {
  return {
    async reserve(request: ReserveRequest): Promise<ReserveReply> {
      const reply = await client.send({
        tenant: request.tenant,
        key: request.key,
        kind: 'reserve',
        payload: wirePayload(request),
        issuedAtMs: request.issuedAtMs,
        intentionId: request.intentionId,
      });
      switch (reply.status) {
        case 'ok':
          return { status: 'ok', reservationId: reservationIdOf(reply.result), replayed: reply.replayed };
        case 'rejected':
          return { status: 'rejected', reason: 'params-mismatch' };
        case 'refused':
          return { status: 'refused', reason: reply.reason, definitive: reply.definitive, ...retryAfter(reply.retryAfterMs) };
        case 'stale':
        case 'unavailable':
        case 'no-reply':
        case 'accepted':
          return { status: reply.status };
        default:
          return assertNever(reply, 'receiver reply');
      }
    },
  };
}

/** A receipt written before its effect (receipt-then-effect) stores no result: its replay names reservation 0. */
function reservationIdOf(result: JsonValue): number {
  const id = result !== null && typeof result === 'object' && !Array.isArray(result) ? result['reservationId'] : undefined;
  return typeof id === 'number' ? id : 0;
}

/** The warehouse's hint of when to ask again, carried only when it gave one. */
function retryAfter(ms: number | undefined): { retryAfterMs?: number } {
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/**
 * The request's payload: part and quantity, and for an update its object, its
 * operation and (when the sender numbers its updates) its place. A plain
 * reservation's payload is exactly what it always was, so its receipts and
 * fingerprints do not change.
 */
function wirePayload(request: ReserveRequest): JsonValue {
  const { part, qty, update } = request.params;
  if (!update) return { part, qty };
  const payload: { [key: string]: JsonValue } = { part, qty, update: { object: update.object, op: update.op } };
  if (request.seq !== undefined) payload['seq'] = request.seq;
  return payload;
}
