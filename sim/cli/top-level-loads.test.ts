import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('top-level');
const FIXTURE = join(import.meta.dirname, '..', 'testing', 'fixtures', 'counts-its-loads.mjs');

interface Load {
  pid: string;
  thread: boolean;
  /** The module instance's name: empty for sim's own imports, `<case folder>#life-N` for a life's. */
  instance: string;
}

/** Runs sim with the fixture, whose top level appends `pid thread|main ?instance=...` to a log each time it runs. */
async function loadsOf(name: string, argv: readonly string[]): Promise<{ code: number | null; stderr: string; byProcess: Load[][] }> {
  const log = join(folder, `${name}.log`);
  const run = await spawnSimAsync([...argv, '--protocol', FIXTURE, '--out', join(folder, name)], folder, 60_000, {
    CUTPOINT_TEST_LOAD_LOG: log,
  });
  const loads = readFileSync(log, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => {
      const [pid = '', where = '', search = ''] = line.split(' ');
      return { pid, thread: where === 'thread', instance: search.replace(/^\?instance=/, '') };
    });
  const pids = [...new Set(loads.map((load) => load.pid))];
  return { code: run.code, stderr: run.stderr, byProcess: pids.map((pid) => loads.filter((load) => load.pid === pid)) };
}

const lifeOf = (load: Load) => /(#again)?#(life-\d+|load)$/.exec(load.instance)?.[0] ?? load.instance;

describe("how often a protocol file's top level runs, as docs/explanation/what-a-crash-forgets.md says", () => {
  it('sim table, one cut: twice in sim (the trial thread, then its own import), then the case child: once to read it, once per life, each life again for determinism', async () => {
    const run = await loadsOf('table', ['table', '--cut', 'intent-recorded', '--measure-only']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [sim, child, ...more] = run.byProcess;
    expect(more).toEqual([]);
    expect(sim?.map((load) => [load.thread, load.instance])).toEqual([
      [true, ''],
      [false, ''],
    ]);
    expect(child?.map(lifeOf)).toEqual(['#load', '#life-0', '#life-1', '#again#life-0', '#again#life-1']);
    expect(child?.every((load) => !load.thread)).toBe(true);
  }, 60_000);

  it('sim table --no-check-determinism: the same without the second run of each life', async () => {
    const run = await loadsOf('table-once', ['table', '--cut', 'intent-recorded', '--no-check-determinism', '--measure-only']);
    expect(run.code).toBe(0);
    expect(run.byProcess.map((loads) => loads.map(lifeOf))).toEqual([
      ['', ''],
      ['#load', '#life-0', '#life-1'],
    ]);
  }, 60_000);

  it('sim check: twice in sim, once in the watched child that runs the command (no second trial there), then once per life', async () => {
    const run = await loadsOf('check', ['check', 'dedup-safety', '--runs', '1', '--seed', '1', '--jobs', '1']);
    expect([0, 1]).toContain(run.code);
    const [sim, child, ...more] = run.byProcess;
    expect(more).toEqual([]);
    expect(sim?.map((load) => [load.thread, load.instance])).toEqual([
      [true, ''],
      [false, ''],
    ]);
    const [own, ...lives] = child ?? [];
    expect(own).toMatchObject({ thread: false, instance: '' });
    expect(lives.length).toBeGreaterThan(0);
    expect(lives.every((load) => !load.thread && /#life-\d+$/.test(load.instance))).toBe(true);
    expect(new Set(lives.map((load) => load.instance)).size).toBe(lives.length);
  }, 60_000);

  it('sim explore: twice in sim, once in the watched child, then once per life of every schedule, no instance shared', async () => {
    const run = await loadsOf('explore', ['explore', '-w', '1', '-i', '1', '-d', '1', '--jobs', '1']);
    expect(run.code).toBe(1);
    const [sim, child, ...more] = run.byProcess;
    expect(more).toEqual([]);
    expect(sim?.map((load) => load.thread)).toEqual([true, false]);
    const [own, ...lives] = child ?? [];
    expect(own).toMatchObject({ thread: false, instance: '' });
    // Every execution imported instances of its own: at least one per schedule its results.json counts (the split
    // into subtrees runs some prefixes once more).
    const out = join(folder, 'explore');
    const [runId = ''] = readdirSync(out);
    const { schedules } = JSON.parse(readFileSync(join(out, runId, 'results.json'), 'utf8')) as { schedules: number };
    expect(new Set(lives.map((load) => load.instance.replace(/#life-\d+$/, ''))).size).toBeGreaterThanOrEqual(schedules);
    expect(new Set(lives.map((load) => load.instance)).size).toBe(lives.length);
  }, 60_000);
});
