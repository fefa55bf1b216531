import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const folder = tempFolder('openai-agents-explore');

async function explore(protocol: string, extra: readonly string[] = []) {
  return runCli(['explore', '--family', 'openai-agents', '--protocol', protocol, '--out', join(folder, 'runs'), ...extra], folder);
}

describe('sim explore --family openai-agents, every crash schedule of the examples', () => {
  it('finds the repeated refund, the lost handover and the second ticket, each with its replay line (exit 1)', async () => {
    const found = await Promise.all(['refund-on-approval', 'handoff-announced', 'ticket-without-key'].map((protocol) => explore(protocol)));
    expect(found.map((run) => run.code)).toEqual([1, 1, 1]);
    expect(found[0]?.stdout).toMatch(/duplicate: \d+ schedules; the plainest \(1 crash, \d+ choices\): act-1 took effect 2 times/);
    expect(found[1]?.stdout).toMatch(/lost: \d+ schedules; the plainest \(0 crashes, \d+ choices\): act-2 never took effect/);
    expect(found[2]?.stdout).toMatch(/duplicate: \d+ schedules; the plainest \(1 crash, \d+ choices\): act-2 took effect 2 times/);
    for (const run of found) expect(run.stdout).toMatch(/replay: npx sim explore --family openai-agents --protocol [a-z-]+ .*--schedule /);
  }, 120_000);

  it('the repair holds at two crashes and every boundary: no violation, exhaustive (exit 0)', async () => {
    const run = await explore('refund-keyed-by-call', ['--crash-depth', '2', '--cuts', 'all']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/explored (\d+) schedules/);
    expect(Number(/explored (\d+) schedules/.exec(run.stdout)?.[1])).toBeGreaterThan(40);
    expect(run.stdout).toContain('no violation: N = 1 for every intention in every explored schedule.');
    expect(run.stdout).toContain('exhaustive: every schedule within these bounds was explored.');
  }, 120_000);
});
