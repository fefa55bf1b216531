import { describe, expect, it } from 'vitest';
import { markFirst } from '../../protocols/reservation/mark-first.js';
import type { Protocol } from '../../protocols/reservation/types.js';
import { checkSuiteProperty } from '../check/check-property.js';
import { reservationFamily } from '../families/reservation/family.js';
import { propertySuite } from '../families/index.js';
import { tempFolder } from '../testing/temp-folder.js';
import { MemoryMedium, type Connection } from './connections.js';
import { EnvironmentFailure, environmentFailure } from './environment-failure.js';
import { runFamily } from './run-family.js';

/**
 * Stores a life may read but not write: SQLite answers every write with
 * SQLITE_READONLY, as it does for a store file on a read-only mount. The
 * harness makes and reads its stores as ever; only the protocol's writes fail.
 */
class ReadOnlyLives extends MemoryMedium {
  opened = 0;
  override open(path: string): Connection {
    this.opened++;
    const db = super.open(path);
    db.pragma('query_only = ON');
    return db;
  }
}

const A = { tenant: 'tenantA', key: 'k1', params: { part: 'bolt', qty: 1 } };
const run = (protocol: Protocol, medium: MemoryMedium = new ReadOnlyLives()) =>
  runFamily(reservationFamily, { protocol, workload: [A], folder: 'drill', medium, plan: [], livesMax: 1 });

/** mark-first, but it catches whatever its stores raise and goes on as if the write had happened. */
const swallows: Protocol = {
  ...markFirst,
  name: 'swallows-store-errors',
  async submit(ctx, intention) {
    try {
      await markFirst.submit(ctx, intention);
    } catch {
      // What this protocol does with a failed write: nothing. The run must still not be judged.
    }
  },
};

describe('a store the machine fails is an EnvironmentFailure, never a run to judge', () => {
  it('a write refused as read-only ends the run with the cause and the stores named, not an error end', async () => {
    const error = await run(markFirst).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EnvironmentFailure);
    expect((error as Error).message).toMatch(
      /^a store file cannot be written there \(read-only\) in the in-memory stores of drill \(SQLITE_READONLY: attempt to write a readonly database\); choose another folder; no verdict was reached$/,
    );
  });

  it('a protocol that swallows the store error cannot turn it into a verdict: the store seam remembers it', async () => {
    const medium = new ReadOnlyLives();
    const error = await run(swallows, medium).catch((thrown: unknown) => thrown);
    expect(medium.opened).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(EnvironmentFailure);
  });

  it("the protocol's own error stays the run's error end (a verdict), and the swallowing protocol passes on a sound store", async () => {
    const own: Protocol = {
      ...markFirst,
      name: 'throws-its-own',
      async submit() {
        throw Object.assign(new Error('UNIQUE constraint failed: intentions.key'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      },
    };
    const thrown = await run(own, new MemoryMedium());
    expect(thrown.end).toEqual({ kind: 'error', message: 'UNIQUE constraint failed: intentions.key' });
    const sound = await run(swallows, new MemoryMedium());
    expect(sound.end).toEqual({ kind: 'completed' });
    expect(sound.effects).toEqual({ 'tenantA:k1': 1 });
  });

  it('sim check: a property run on such stores throws the failure instead of shrinking it into a counterexample', async () => {
    const suite = await propertySuite('reservation');
    const definition = suite?.properties.find((property) => property.name === 'dedup-safety');
    if (!suite || !definition) throw new Error('no dedup-safety property in the reservation suite');
    const medium = new ReadOnlyLives();
    const checked = checkSuiteProperty(suite, definition, {
      runs: 50,
      seed: 1,
      bounds: suite.defaultBounds,
      store: 'file',
      scratch: tempFolder('environment-check'),
      medium,
    });
    await expect(checked).rejects.toBeInstanceOf(EnvironmentFailure);
    // The first run met the failure; no further run (nor any shrink) opened a store.
    const opensOfOneRun = medium.opened;
    expect(opensOfOneRun).toBeGreaterThan(0);
    expect(opensOfOneRun).toBeLessThanOrEqual(4);
  });
});

describe('environmentFailure: which errors are the machine', () => {
  const folder = tempFolder('environment-classify');
  it.each([
    ['SQLITE_FULL', /^no space left on the device \(disk full\) in /],
    ['ENOSPC', /^no space left on the device \(disk full\) in /],
    ['EDQUOT', /^the disk quota is exhausted in /],
    ['SQLITE_CANTOPEN', /^a store file cannot be opened or created there in /],
    ['SQLITE_READONLY_DBMOVED', /^a store file cannot be written there \(read-only\) in /],
    ['EACCES', /^permission denied in /],
    ['EROFS', /^read-only file system in /],
    // A temporary folder with room: an I/O error is said as one, not as a full disk.
    ['SQLITE_IOERR_SHMSIZE', /^a disk I\/O error in /],
  ])('%s', (code, line) => {
    const failure = environmentFailure(Object.assign(new Error('x'), { code }), folder);
    expect(failure?.message).toMatch(line);
    expect(failure?.message).toContain(`in ${folder} (${code}: x)`);
  });

  it("a protocol's own errors are not: a constraint, a busy store, a plain Error", () => {
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSY', 'SQLITE_ERROR', undefined])
      expect(environmentFailure(Object.assign(new Error('x'), { code }), folder)).toBeUndefined();
  });

  it('a store error a protocol wrapped in its own is found along the cause chain', () => {
    const wrapped = new Error('could not record the intention', { cause: Object.assign(new Error('disk'), { code: 'SQLITE_FULL' }) });
    expect(environmentFailure(wrapped, folder)?.message).toMatch(/^no space left on the device/);
  });
});
