import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('explore-own');
const root = join(import.meta.dirname, '..', '..');
const MODULE_STATE = join(root, 'fixtures', 'misbehaving', 'module-state.ts');
const EXAMPLE = join(root, 'protocols', 'examples', 'my-protocol.ts');

interface ExploreDocument {
  kind: string;
  violations: { kind: string; shortest: { schedule: string; crashes: number; message: string } }[];
  exhaustive: boolean;
}

const explore = (protocol: string, ...more: string[]) =>
  spawnSimAsync(['explore', '--protocol', protocol, '-w', '1', '-i', '1', '-d', '1', '--out', join(folder, 'runs'), ...more], folder);

describe("sim explore with a user's protocol file", () => {
  it('a crash forgets module state in every schedule: the relay that remembers sent keys sends again (N=2), and the printed schedule replays it', async () => {
    const run = await explore(MODULE_STATE, '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as ExploreDocument;
    expect(document.exhaustive).toBe(true);
    // Before, one module instance served every life of every schedule: its Set remembered the key from an earlier
    // schedule, so explore reported a lost effect with no crash at all, which no replay could reproduce.
    expect(document.violations.map((group) => [group.kind, group.shortest.crashes])).toEqual([['duplicate', 1]]);
    const schedule = document.violations[0]?.shortest.schedule ?? '';
    const replay = await explore(MODULE_STATE, '--schedule', schedule);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('violation: duplicate: N=2 for tenantA:k1');
  }, 60_000);

  it('--format json ends as text does: a passing protocol file exits 0 with one JSON document and nothing on stderr', async () => {
    const run = await explore(EXAMPLE, '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as ExploreDocument).kind).toBe('explore');
  }, 60_000);
});
