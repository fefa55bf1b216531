import type { Contract, Effect, JsonValue, ReceiverRequest, ReceiverReply } from '../../../protocols/receivers/types.js';
import type { ReserveReply, ReserveRequest, WarehouseContract } from '../../../protocols/types.js';
import { applyReservation } from '../../../protocols/warehouse/apply-reservation.js';

/**
 * A bridge while the warehouse's contracts are still written against the
 * reservation's own request type: it lets the generic server run them today.
 * Once main has the generic contracts of protocols/receivers/, the receiver
 * catalogue points at those and this file goes.
 */
export function bridgeWarehouseContract(contract: WarehouseContract): Contract {
  return {
    name: contract.name,
    summary: contract.summary,
    async handle(side, request) {
      const reserve = asReserveRequest(request);
      if (typeof reserve === 'string') return { status: 'refused', reason: reserve, definitive: true };
      return fromReserveReply(await contract.reserve(side, reserve));
    },
  };
}

/** The warehouse's effect over a generic request: one reservation row. */
export const reservationEffect: Effect = {
  apply(db, request, nowMs) {
    const reserve = asReserveRequest(request);
    if (typeof reserve === 'string') return { refused: reserve, definitive: true };
    return { applied: { reservationId: applyReservation(db, reserve, nowMs) } };
  },
};

/** The payload as reservation params, or the sentence saying why it is not one. */
function asReserveRequest(request: ReceiverRequest): ReserveRequest | string {
  const payload = request.payload as { [key: string]: JsonValue } | null;
  const part = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload.part : undefined;
  const qty = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload.qty : undefined;
  if (typeof part !== 'string' || part === '' || typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < 1) {
    return 'a reservation is {"part": a non-empty string, "qty": a whole number from 1}';
  }
  return {
    tenant: request.tenant,
    key: request.key,
    params: { part, qty },
    issuedAtMs: request.issuedAtMs,
    intentionId: request.intentionId,
  };
}

function fromReserveReply(reply: ReserveReply): ReceiverReply {
  switch (reply.status) {
    case 'ok':
      return { status: 'ok', result: { reservationId: reply.reservationId }, replayed: reply.replayed };
    case 'rejected':
      return { status: 'rejected', reason: 'payload-mismatch' };
    default:
      return reply;
  }
}
