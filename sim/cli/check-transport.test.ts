import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('check-transport');

describe('sim check --transport http', () => {
  it('finds a control over the wire, prints a replay line that keeps the transport, and the replay shows the duplicate in warehouse.db', async () => {
    const found = await runCli(['check', 'control-no-dedup', '--runs', '60', '--seed', '5', '--transport', 'http'], cwd);
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/✓ control-no-dedup +found .*duplicate/);
    const replay = /replay: npx sim (check .* --transport http)$/m.exec(found.stdout)?.[1];
    expect(replay).toBeDefined();
    const replayed = await runCli(replay!.split(' '), cwd);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('violation: duplicate');
    const kept = join(cwd, /kept: (\S+)/.exec(replayed.stdout)![1]!);
    expect(existsSync(join(kept, 'warehouse.db'))).toBe(true);
    // Read back with a connection of the test's own: some intention was applied twice.
    const rows = reservationRows(join(kept, 'warehouse.db'));
    const perIntention = new Map<string, number>();
    for (const row of rows) perIntention.set(row.intention_id, (perIntention.get(row.intention_id) ?? 0) + 1);
    expect(Math.max(...perIntention.values())).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('is refused in one line for a family whose receivers are not served over HTTP', async () => {
    const run = await runCli(['check', '--family', 'handover', '--transport', 'http'], cwd);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("--transport http: the handover family's receivers are not served over HTTP yet");
  });
});
