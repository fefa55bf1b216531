import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS, type ReceiverRequest, type ReceiverSide } from '../../../protocols/receivers/types.js';
import { WAREHOUSE_SCHEMA } from '../../../protocols/reservation/warehouse.js';
import { VirtualClock } from '../../engine/clock.js';
import { ConnectionSet, FileMedium, immediateTransaction } from '../../engine/connections.js';
import { isCrash } from '../../engine/crash.js';
import { History } from '../../engine/history.js';
import { CutInjector, type CrashPoint } from '../../engine/injector.js';
import type { Life } from '../../engine/runner.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { TransportState } from '../../engine/transport-state.js';
import { portAcceptsConnections } from './server-process.js';
import { startHttpTransport, type HttpTransport } from './http-transport.js';
import { findServableReceiver } from './receiver-catalogue.js';

const folder = tempFolder('http-transport');
const warehouse = findServableReceiver('warehouse')!;
const contract = (name: string) => warehouse.contracts.find((c) => c.name === name)!;
let transport: HttpTransport;

beforeAll(async () => {
  transport = await startHttpTransport();
});
afterAll(async () => {
  await transport.close();
  expect(await portAcceptsConnections(transport.proxy.port)).toBe(false);
});

/** One process life of a case, built as the engine builds it: its injector, clock, history and a connection to warehouse.db. */
function life(name: string, plan: CrashPoint[], faults: { unavailable?: [number, number]; dropReplies?: number[] } = {}) {
  const medium = new FileMedium();
  const path = join(folder, `${name}.db`);
  medium.create(path, WAREHOUSE_SCHEMA);
  const history = new History();
  const clock = new VirtualClock();
  const injector = new CutInjector(plan, history, clock);
  const connections = new ConnectionSet(medium);
  const db = connections.open(path);
  const engineLife: Life = { index: 0, quiet: false, connections, injector, clock, history };
  const side = (): ReceiverSide => ({
    transaction: async (work) => immediateTransaction(db, work),
    cut: (cut) => injector.reach(cut, 'relay'),
    nowMs: () => clock.nowMs(),
    settings: KEEP_RECEIPTS,
    effect: warehouse.receiver.effect,
  });
  const unavailable = faults.unavailable ? [{ fromMs: faults.unavailable[0], toMs: faults.unavailable[1] }] : [];
  const state = new TransportState({ unavailable, dropReplies: faults.dropReplies ?? [] });
  const client = (contractName = 'atomic-receipt') =>
    transport.clientFactory({ receiver: warehouse.receiver, contract: contract(contractName) }, side(), engineLife, 'relay', state);
  return { path, history, injector, clock, client, close: () => connections.closeAll() };
}

const request = (key: string): ReceiverRequest => ({
  tenant: 'tA',
  key,
  kind: 'reserve',
  payload: { part: 'p7', qty: 1 },
  issuedAtMs: 0,
  intentionId: `tA:${key}`,
});
const kinds = (history: History) => history.all().map((e) => `${e.type}:${e.op}`);

describe('the HTTP transport of a simulated run (real wire, the case side on the server)', () => {
  it('a call crosses the wire, commits in the case file, reaches the applied cut, and replays on a resend', async () => {
    const run = life('ok', []);
    expect(await run.client().send(request('k1'))).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: false });
    expect(await run.client().send(request('k1'))).toEqual({ status: 'ok', result: { reservationId: 1 }, replayed: true });
    run.close();
    expect(reservationRows(run.path)).toHaveLength(1);
    expect(kinds(run.history)).toEqual([
      'invoke:reserve',
      'cut:effect-applied',
      'ok:reserve',
      'invoke:reserve',
      'cut:effect-applied',
      'ok:reserve',
    ]);
    expect(run.injector.hits()).toEqual({ 'effect-applied': 2 });
  });

  it('a crash armed at the applied cut leaves the effect and loses the reply, recorded as info', async () => {
    const run = life('crash', [{ life: 0, cut: 'effect-applied' }]);
    const thrown = await run
      .client()
      .send(request('k1'))
      .catch((error: unknown) => error);
    run.close();
    expect(isCrash(thrown)).toBe(true);
    expect(reservationRows(run.path)).toHaveLength(1);
    expect(kinds(run.history)).toEqual(['invoke:reserve', 'cut:effect-applied', 'crash:effect-applied', 'info:reserve']);
  });

  it('a crash at a cut inside the contract (check-then-act) ends the life before any effect', async () => {
    const run = life('inner', [{ life: 0, cut: 'receipt-checked' }]);
    const thrown = await run
      .client('check-then-act-receipt')
      .send(request('k1'))
      .catch((error: unknown) => error);
    run.close();
    expect(isCrash(thrown)).toBe(true);
    expect(reservationRows(run.path)).toHaveLength(0);
    expect(kinds(run.history)).toEqual(['invoke:reserve', 'cut:receipt-checked', 'crash:receipt-checked', 'info:reserve']);
  });

  it('a dropped reply (by ordinal) is dropped by the proxy on the wire: no-reply, the effect stays, the cut is reached', async () => {
    const run = life('drop', [], { dropReplies: [1] });
    const dropsBefore = transport.proxy.events.filter((e) => e.fault === 'drop-reply').length;
    expect(await run.client().send(request('k1'))).toEqual({ status: 'no-reply' });
    expect(transport.proxy.events.filter((e) => e.fault === 'drop-reply')).toHaveLength(dropsBefore + 1);
    expect(await run.client().send(request('k1'))).toMatchObject({ status: 'ok', replayed: true });
    run.close();
    expect(reservationRows(run.path)).toHaveLength(1);
    expect(run.history.all()[2]).toMatchObject({
      type: 'info',
      value: { lost: 'reply dropped in transit', warehouse: { status: 'ok', reservationId: 1 } },
    });
  });

  it('an unavailable window is a 503 from the proxy: nothing reaches the receiver, no cut', async () => {
    const run = life('unavailable', [], { unavailable: [0, 100] });
    expect(await run.client().send(request('k1'))).toEqual({ status: 'unavailable' });
    run.clock.advanceMs(100);
    expect(await run.client().send(request('k1'))).toMatchObject({ status: 'ok', replayed: false });
    run.close();
    expect(reservationRows(run.path)).toHaveLength(1);
    expect(kinds(run.history)).toEqual(['invoke:reserve', 'fail:reserve', 'invoke:reserve', 'cut:effect-applied', 'ok:reserve']);
  });
});
