import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSim } from '../testing/spawn-sim.js';
import { parseStrictXml } from '../testing/strict-xml.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('table-refusals');
writeFileSync(join(cwd, 'plan.json'), '{}');

/** Every combination `sim table --help` says it refuses, one argv each. */
const refused = [
  ['--cuts', 'all', '--cut', '1'],
  ['--cuts', 'all', '--chart'],
  ['--cuts', 'all', '--format', 'json'],
  ['--cuts', 'all', '--crash-mode', 'kill'],
  ['--cuts', 'all', '--transport', 'http'],
  ['--cuts', 'all', '--family', 'handover', '--graph', 'plan.json'],
  ['--cuts', 'all', '--family', 'handover', '--policy', 'plan.json'],
  ['--chart', '--crash-mode', 'both'],
  ['--format', 'junit', '--crash-mode', 'both'],
  ['--measure-only', '--expect', 'plan.json'],
  ['--crash-mode', 'server-kill'],
  ['--crash-mode', 'server-kill', '--transport', 'http', '--cut', '1'],
  ['--plan', 'plan.json'],
  ['--policy', 'plan.json'],
  ['--graph', 'plan.json'],
];

describe('sim table refuses what its --help says it refuses, and only that', () => {
  it.each(refused)('sim table %s …: exit 2, one line, no run folder', (...argv) => {
    const out = join(cwd, 'runs');
    const { code, stdout, stderr } = spawnSim(['table', ...argv, '--out', out], cwd);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^sim: /);
    // --format json and junit still print their one error document; every other refusal prints nothing on stdout.
    if (argv.includes('json')) expect(JSON.parse(stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
    else if (argv.includes('junit')) expect(parseStrictXml(stdout).attributes).toMatchObject({ name: 'sim table', failures: '1' });
    else expect(stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('--cuts all with the defaults of --format and --crash-mode given runs: they are what it does anyway', () => {
    const out = join(cwd, 'runs-defaults');
    const { code, stdout } = spawnSim(
      ['table', '--cuts', 'all', '-p', 'outbox-dedup', '--format', 'text', '--crash-mode', 'in-process', '--out', out],
      cwd,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/run folder: /);
    expect(existsSync(out)).toBe(true);
  });

  it('the help names no combination that runs (kill mode over HTTP, junit for the plan family, a protocol file over HTTP all run)', () => {
    const { stdout } = spawnSim(['table', '--help'], cwd);
    const block = stdout.slice(stdout.indexOf('Refused (exit 2)'), stdout.indexOf('Exit codes'));
    const cutsAll =
      '--cuts all with --cut, --chart, a --format other than text, a --crash-mode other than in-process, --transport http, --plan, --policy, --graph or --rules';
    expect(block.replace(/\s+/g, ' ')).toContain(cutsAll);
    // docs/reference/commands.md's list of refused combinations says the same, in its own markup.
    const page = readFileSync(join(import.meta.dirname, '../../docs/reference/commands.md'), 'utf8')
      .replace(/`/g, '')
      .replace(/\s+/g, ' ');
    expect(page).toContain(cutsAll.replace(', or --transport', ', --transport'));
    expect(block).not.toMatch(/kill\|both|junit with --family plan|a protocol file/);
  });
});
