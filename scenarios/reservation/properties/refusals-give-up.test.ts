import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../sim/engine/history.js';
import { reservationRows } from '../../../sim/testing/read-warehouse.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { DEFAULT_BOUNDS } from './arbitraries.js';
import { replayProperty } from './check-property.js';
import { findProperty } from './definitions.js';

/**
 * The counterexample `npx sim check refusals --runs 500 --seed 1` found
 * against outbox-dedup, shrunk: one relay hears its sixth transient refusal
 * after its lease has ended, while another relay has taken the row over and
 * had its attempt applied. A give-up written there says refused for what the
 * warehouse holds; the give-up is fenced by the lease, so the intention ends
 * done with its one effect.
 */
const SHRUNK = { seed: 1568624497, path: '0:1:2:3:3:3:5:5:5:5:5' };
const kept = tempFolder('refusals-give-up');

/** One reserve call as a worker made it: when it went out, when its reply came back, and the reply. */
interface Call {
  worker: string;
  invokedAtMs: number;
  repliedAtMs: number;
  reply: { status?: string; definitive?: boolean; replayed?: boolean };
}

/** Pairs each reply with its worker's last invoke in the same life: a worker's calls are sequential. */
function calls(events: readonly HistoryEvent[]): Call[] {
  const invoked = new Map<string, number>();
  const paired: Call[] = [];
  for (const event of events) {
    if (event.op !== 'reserve') continue;
    const sender = `${event.life}/${event.worker}`;
    if (event.type === 'invoke') invoked.set(sender, event.atMs);
    else if (event.type === 'ok' || event.type === 'fail')
      paired.push({
        worker: event.worker,
        invokedAtMs: invoked.get(sender) ?? -1,
        repliedAtMs: event.atMs,
        reply: event.value as Call['reply'],
      });
  }
  return paired;
}

describe('refusals: a give-up after the lease ended (seed 1, shrunk)', () => {
  it('replays the race, and the intention ends done with N=1 instead of refused', async () => {
    const folder = join(kept, 'replay');
    const replay = await replayProperty(findProperty('refusals')!, { ...SHRUNK, bounds: DEFAULT_BOUNDS, folder });
    expect(replay).toBeDefined();
    const { trial, events, violation } = replay!;
    expect(trial.workers).toBe(3);
    expect(trial.settings.leaseMs).toBe(100);
    expect(trial.intentions.map((i) => `${i.tenant}:${i.key} ${i.params.part}`)).toEqual([
      'tenantA:k1 backordered',
      'tenantBlocked:k1 bolt',
    ]);

    // The fault fired: relay-2's attempt of 2,300 ms hears its transient refusal at 3,300 ms, its lease long ended,
    // just as relay-1, which claimed the row at 3,300 ms, has its attempt applied.
    const all = calls(events);
    const late = all.find((call) => call.worker === 'relay-2' && call.invokedAtMs === 2_300);
    expect(late).toMatchObject({ repliedAtMs: 3_300, reply: { status: 'refused', definitive: false } });
    expect(late!.invokedAtMs + trial.settings.leaseMs).toBeLessThan(late!.repliedAtMs);
    const applied = all.filter((call) => call.reply.status === 'ok' && call.reply.replayed === false);
    expect(applied).toEqual([expect.objectContaining({ worker: 'relay-1', invokedAtMs: 3_300 })]);

    expect(violation).toBeUndefined();
    expect(reservationRows(join(folder, 'warehouse.db')).filter((row) => row.intention_id === 'tenantA:k1')).toHaveLength(1);
    const db = new Database(join(folder, 'orchestrator.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT status, result FROM intentions WHERE tenant = 'tenantA' AND key = 'k1'").all()).toEqual([
        { status: 'done', result: '{"reservationId":1,"replayed":false}' },
      ]);
    } finally {
      db.close();
    }
  });
});
