import {
  answerFromReceipt,
  fileReceipt,
  findReceipt,
  fingerprintOf,
  insertReservation,
  otherServiceCall,
  startReservationServer,
} from './reservation-server.js';

/**
 * The flaw: look the key up, then await a stock check, then insert. Two
 * requests with one key can both pass the lookup before either inserts:
 * N=2 under concurrency, though every sequential retry is deduplicated.
 */
startReservationServer(async (db, reservation, send) => {
  const fingerprint = fingerprintOf(reservation.body);
  const receipt = findReceipt(db, reservation.tenant, reservation.key);
  if (receipt) return send(answerFromReceipt(receipt, fingerprint));
  await otherServiceCall(100); // e.g. ask the stock service whether the part is there
  const created = db.transaction(() => {
    const reply = insertReservation(db, reservation);
    fileReceipt(db, reservation.tenant, reservation.key, fingerprint, reply);
    return reply;
  })();
  send(created);
});
