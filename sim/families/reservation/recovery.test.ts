import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { outboxDedup } from '../../../protocols/reservation/outbox-dedup.js';
import { reservationFamily } from './family.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { runCase } from '../../engine/run-case.js';

const root = tempFolder('recovery');

describe('recovery', () => {
  it('starts with new connections: every handle of the crashed attempt is closed before recovery opens its own', async () => {
    const lives: { index: number; handles: readonly Database.Database[]; openWhenEnded: boolean[] }[] = [];
    const result = await runCase({
      protocol: outboxDedup,
      family: reservationFamily,
      folder: join(root, 'fresh-connections'),
      cut: { index: 2, name: 'effect-applied' },
      afterLife: (life) => {
        const handles = life.connections.handles();
        lives.push({ index: life.index, handles, openWhenEnded: handles.map((db) => db.open) });
      },
    });

    expect(result.lives.map((life) => life.ended)).toEqual(['crashed', 'completed']);
    const [attempt, recovery] = lives;
    expect(attempt?.handles).toHaveLength(2);
    expect(attempt?.openWhenEnded).toEqual([false, false]);
    expect(recovery?.handles).toHaveLength(2);
    for (const handle of recovery?.handles ?? []) expect(attempt?.handles).not.toContain(handle);
  });

  it('never runs a statement after the crash: the crashed attempt stops at its cut', async () => {
    const result = await runCase({
      protocol: outboxDedup,
      family: reservationFamily,
      folder: join(root, 'stops-at-cut'),
      cut: { index: 1, name: 'intent-recorded' },
    });
    // The attempt reached intent-recorded and crashed; only the recovery sent the request.
    expect(result.cutHits['effect-applied']).toBe(1);
    expect(result.localState['outbox']).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('reports a case whose armed cut is never reached as an error, not a pass', async () => {
    const result = await runCase({
      protocol: outboxDedup,
      family: reservationFamily,
      folder: join(root, 'never-reached'),
      cut: { index: 9, name: 'no-such-boundary' },
    });
    expect(result.cutFired).toBe(false);
    expect(result.error).toMatch(/never reached/);
  });
});
