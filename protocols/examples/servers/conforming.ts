import {
  answerFromReceipt,
  fileReceipt,
  findReceipt,
  fingerprintOf,
  insertReservation,
  startReservationServer,
} from './reservation-server.js';

/**
 * Safe to retry: the receipt lookup, the reservation and the receipt commit
 * in one transaction, and the reply is sent after it. A retry with the same
 * key and body gets the stored status and body; another body gets 422.
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf(reservation.body);
  const reply = db.transaction(() => {
    const receipt = findReceipt(db, reservation.tenant, reservation.key);
    if (receipt) return answerFromReceipt(receipt, fingerprint);
    const created = insertReservation(db, reservation);
    fileReceipt(db, reservation.tenant, reservation.key, fingerprint, created);
    return created;
  })();
  send(reply);
});
