import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const cwd = tempFolder('handover-explore');

/** What `sim explore --family handover -w 1 -i 1 -d 1` finds in each protocol: every schedule of one crash, exhaustively. */
const FINDS: Record<string, string | null> = {
  'reference-harness': null,
  'enqueue-without-key': 'duplicate',
  'notify-before-ticket': 'early-notice',
  // The reference model never ping-pongs: only the adversary of `sim handover check` finds this one.
  'count-in-memory': null,
  'active-agent-in-memory': 'rerouted',
  'answers-after-handover': 'replied-while-with-human',
  'reset-forgotten': 'rerouted',
};

describe('sim explore --family handover', () => {
  it.each(Object.entries(FINDS))('%s: finds %s', async (protocol, kind) => {
    const argv = ['explore', '--family', 'handover', '--protocol', protocol, '-w', '1', '-i', '1', '-d', '1', '--out', join(cwd, 'runs')];
    const { stdout } = await runCli(argv, cwd);
    expect(stdout).toContain('exhaustive: every schedule within these bounds was explored.');
    if (kind === null) expect(stdout).toContain('no violation');
    else expect(stdout).toMatch(new RegExp(`^  ${kind}: \\d+ schedules?`, 'm'));
  });
});
