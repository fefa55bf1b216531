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
 * The flaw: the reservation commits in one transaction, the receipt in a
 * second one after a call to another service. A twin request arriving in
 * between finds no receipt and reserves again: N=2 under concurrency.
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf(reservation.body);
  const first = db.transaction((): { answered: Reply } | { created: Reply } => {
    const receipt = findReceipt(db, reservation.tenant, reservation.key);
    if (receipt) return { answered: answerFromReceipt(receipt, fingerprint) };
    return { created: insertReservation(db, reservation) };
  })();
  if ('answered' in first) return send(first.answered);
  await otherServiceCall(100); // e.g. tell the warehouse staff
  db.transaction(() => fileReceipt(db, reservation.tenant, reservation.key, fingerprint, first.created))();
  send(first.created);
});
