import {
  answerFromReceipt,
  fileReceipt,
  findReceipt,
  fingerprintOf,
  insertReservation,
  startReservationServer,
} from './reservation-server.js';

/**
 * The flaw: the receipt's fingerprint covers the part but not the quantity.
 * The same key with another qty is not refused: it replays the first
 * reservation, and the caller believes its new quantity was reserved.
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf({ part: reservation.part });
  const reply = db.transaction(() => {
    const receipt = findReceipt(db, reservation.tenant, reservation.key);
    if (receipt) return answerFromReceipt(receipt, fingerprint);
    const created = insertReservation(db, reservation);
    fileReceipt(db, reservation.tenant, reservation.key, fingerprint, created);
    return created;
  })();
  send(reply);
});
