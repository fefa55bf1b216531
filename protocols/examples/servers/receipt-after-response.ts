import {
  answerFromReceipt,
  fileReceipt,
  findReceipt,
  fingerprintOf,
  insertReservation,
  otherServiceCall,
  startReservationServer,
  type Reply,
} from './reservation-server.js';

/**
 * The flaw: the reply is sent as soon as the reservation commits, and the
 * receipt is filed afterwards, off the response path (after an audit call).
 * A client that retries at once, because its reply was lost or because it
 * simply retries, finds no receipt yet and reserves again: N=2.
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf(reservation.body);
  const first = db.transaction((): { answered: Reply } | { created: Reply } => {
    const receipt = findReceipt(db, reservation.tenant, reservation.key);
    if (receipt) return { answered: answerFromReceipt(receipt, fingerprint) };
    return { created: insertReservation(db, reservation) };
  })();
  if ('answered' in first) return send(first.answered);
  send(first.created);
  await otherServiceCall(300); // e.g. write the audit log
  db.transaction(() => fileReceipt(db, reservation.tenant, reservation.key, fingerprint, first.created))();
});
