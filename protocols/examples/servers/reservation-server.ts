import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

/**
 * The skeleton every example server shares: a plain node:http service with
 * a better-sqlite3 file, POST /reservations with an Idempotency-Key and an
 * X-Tenant header, and GET /effects?tenant=T&key=K for `sim probe` to count
 * with. Each server file supplies only its handler: the order of its
 * transactions, its receipt and its reply, where its flaw (if any) lives.
 *
 * Start one with `node <server>.js --port 0 --db reservations.db`: it prints
 * the port it listens on (127.0.0.1) as its first line on stdout.
 */

export interface Reservation {
  tenant: string;
  key: string;
  part: string;
  qty: number;
  /** The request body as parsed, for the receipt's fingerprint. */
  body: Record<string, unknown>;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A server's own part: apply one keyed reservation, and call `send` once with the reply (before or after its last write). */
export type ReservationHandler = (db: Database.Database, reservation: Reservation, send: (reply: Reply) => void) => Promise<void>;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reservations (
  id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, idempotency_key TEXT NOT NULL, part TEXT NOT NULL, qty INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS receipts (
  owner TEXT NOT NULL, idempotency_key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
  PRIMARY KEY (owner, idempotency_key));
`;

export interface Receipt {
  fingerprint: string;
  status: number;
  body: string;
}

/** The digest of a body: its JSON with keys sorted, so {"qty":1,"part":"p7"} and {"part":"p7","qty":1} match. */
export function fingerprintOf(value: unknown): string {
  const canonical = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : v !== null && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);
  return createHash('sha256').update(canonical(value)).digest('hex');
}

export function findReceipt(db: Database.Database, owner: string, key: string): Receipt | undefined {
  return db.prepare('SELECT fingerprint, status, body FROM receipts WHERE owner = ? AND idempotency_key = ?').get(owner, key) as
    Receipt | undefined;
}

/** A stored receipt answering a retry: its status and body again (same payload), or 422 (another payload). */
export function answerFromReceipt(receipt: Receipt, fingerprint: string): Reply {
  if (receipt.fingerprint !== fingerprint) {
    return { status: 422, body: problem(422, 'this Idempotency-Key was used with another request body') };
  }
  return { status: receipt.status, body: JSON.parse(receipt.body) as unknown, headers: { 'idempotent-replayed': 'true' } };
}

export function insertReservation(db: Database.Database, reservation: Reservation): Reply {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO reservations (tenant, idempotency_key, part, qty) VALUES (?, ?, ?, ?)')
    .run(reservation.tenant, reservation.key, reservation.part, reservation.qty);
  return { status: 201, body: { reservationId: Number(lastInsertRowid), part: reservation.part, qty: reservation.qty } };
}

export function fileReceipt(db: Database.Database, owner: string, key: string, fingerprint: string, reply: Reply): void {
  db.prepare('INSERT OR REPLACE INTO receipts (owner, idempotency_key, fingerprint, status, body) VALUES (?, ?, ?, ?, ?)').run(
    owner,
    key,
    fingerprint,
    reply.status,
    JSON.stringify(reply.body),
  );
}

/** A real wait, as for a call to another service (a stock check, an audit log). */
export function otherServiceCall(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function problem(status: number, detail: string) {
  return { type: 'about:blank', title: detail, status, detail };
}

function sendReply(response: ServerResponse, reply: Reply): void {
  const json = reply.status >= 400 ? 'application/problem+json' : 'application/json';
  response.writeHead(reply.status, { 'content-type': json, ...reply.headers });
  response.end(JSON.stringify(reply.body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > 64 * 1024) throw new Error('body too large');
  }
  return text;
}

async function route(db: Database.Database, handle: ReservationHandler, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/effects') {
    const key = url.searchParams.get('key') ?? '';
    const tenant = url.searchParams.get('tenant');
    const row = tenant
      ? db.prepare('SELECT count(*) AS count FROM reservations WHERE tenant = ? AND idempotency_key = ?').get(tenant, key)
      : db.prepare('SELECT count(*) AS count FROM reservations WHERE idempotency_key = ?').get(key);
    return sendReply(response, { status: 200, body: row });
  }
  if (request.method !== 'POST' || url.pathname !== '/reservations')
    return sendReply(response, { status: 404, body: problem(404, 'POST /reservations') });
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '')
    return sendReply(response, { status: 400, body: problem(400, 'an Idempotency-Key header is required') });
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendReply(response, { status: 415, body: problem(415, 'send application/json') });
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(request)) as Record<string, unknown>;
  } catch {
    return sendReply(response, { status: 400, body: problem(400, 'the body is not JSON (or over 64 KiB)') });
  }
  const { part, qty } = body ?? {};
  if (typeof part !== 'string' || typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) {
    return sendReply(response, { status: 422, body: problem(422, 'a reservation is {"part": string, "qty": whole number from 1}') });
  }
  const tenant = typeof request.headers['x-tenant'] === 'string' ? request.headers['x-tenant'] : 'default';
  let sent = false;
  await handle(db, { tenant, key, part, qty, body }, (reply) => {
    sent = true;
    sendReply(response, reply);
  });
  if (!sent) throw new Error('the handler never replied');
}

/** Opens the file, listens on 127.0.0.1, prints the port, and closes cleanly on SIGINT or SIGTERM. */
export function startReservationServer(handle: ReservationHandler): void {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, db: { type: 'string', default: 'reservations.db' } } });
  const db = new Database(values.db);
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  const server = createServer((request, response) => {
    route(db, handle, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendReply(response, { status: 500, body: problem(500, String(error)) });
    });
  });
  server.once('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`cannot listen on 127.0.0.1:${values.port}: ${error.code ?? error.message}\n`);
    db.close();
    process.exitCode = 2;
  });
  server.listen(Number(values.port), '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  });
  const stop = () => {
    server.close(() => db.close());
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
