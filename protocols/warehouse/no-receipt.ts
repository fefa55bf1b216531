import type { WarehouseContract } from '../types.js';
import { applyReservation } from './apply-reservation.js';

/** Applies every request as new: the warehouse cannot tell a retry from a fresh order. */
export const noReceipt: WarehouseContract = {
  name: 'no-receipt',
  summary: 'every request is applied as a new reservation',
  async reserve(side, request) {
    return side.transaction((db) => {
      const reservationId = applyReservation(db, request, side.nowMs());
      return { status: 'ok', reservationId, replayed: false } as const;
    });
  },
};
