import {
  answerFromReceipt,
  fileReceipt,
  findReceipt,
  fingerprintOf,
  insertReservation,
  startReservationServer,
} from './reservation-server.js';

/** Receipts filed under one owner for everybody: the key alone, not the tenant's key. */
const EVERY_TENANT = '*';

/**
 * The flaw: the key is scoped globally instead of per tenant. A second
 * tenant that happens to use the same key gets the first tenant's stored
 * reply, and its own reservation never happens (N=0 for it).
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf(reservation.body);
  const reply = db.transaction(() => {
    const receipt = findReceipt(db, EVERY_TENANT, reservation.key);
    if (receipt) return answerFromReceipt(receipt, fingerprint);
    const created = insertReservation(db, reservation);
    fileReceipt(db, EVERY_TENANT, reservation.key, fingerprint, created);
    return created;
  })();
  send(reply);
});
