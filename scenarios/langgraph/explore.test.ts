import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { TABLE_INTENTION } from '../../sim/families/langgraph/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { effectsFor } from '../../sim/families/langgraph/testing/user-project.js';

const cwd = tempFolder('langgraph-explore');

interface ExploreJson {
  schedules: number;
  exhaustive: boolean;
  violations: { kind: string; shortest: { schedule: string; crashes: number } }[];
}

/** `sim explore` of one example within `depth` crashes, in this process: its exit code and the results.json it wrote. */
async function explore(
  protocol: string,
  depth: number,
  extra: string[] = [],
): Promise<{ code: number; stdout: string; results?: ExploreJson }> {
  const argv = [
    'explore',
    '--family',
    'langgraph',
    '-p',
    protocol,
    '-d',
    String(depth),
    '--out',
    join(cwd, 'runs'),
    ...(extra.length === 0 ? ['-j', '1'] : extra),
  ];
  const { code, stdout, stderr } = await runCli(argv, cwd);
  expect(stderr).not.toMatch(/internal error/);
  const folder = /^run folder: (.+)$/m.exec(stdout)?.[1];
  return {
    code,
    stdout,
    ...(folder && extra.length === 0
      ? { results: JSON.parse(readFileSync(resolve(cwd, folder, 'results.json'), 'utf8')) as ExploreJson }
      : {}),
  };
}

/** N as the receiver's own file holds it: rows of its effects table for the email's intention. */
const emailsIn = (effectsDb: string) => effectsFor(effectsDb, TABLE_INTENTION);

// Two crashes deep, every example: docs/analyses/langgraph.md and its test (analysis-page.test.ts).
describe('sim explore --family langgraph: every crash schedule within the bound, LangGraph ordering its own writes', () => {
  it.each([
    ['tool-node-without-key', 1, 'duplicate'],
    ['tool-node-key-from-task', 1, null],
    ['notify-then-approve', 1, 'duplicate'],
    ['approve-then-notify', 1, null],
    ['functional-task-async', 1, 'duplicate'],
  ] as const)(
    '%s at depth %i: %s',
    async (protocol, depth, kind) => {
      const { code, results } = await explore(protocol, depth);
      expect(results?.exhaustive).toBe(true);
      expect(results?.schedules).toBeGreaterThan(depth * 10);
      expect(code).toBe(kind === null ? 0 : 1);
      expect(results?.violations.map((group) => group.kind)).toEqual(kind === null ? [] : [kind]);
    },
    240_000,
  );

  it("the shortest duplicate's schedule replays one crash that leaves two emails in effects.db", async () => {
    const { results } = await explore('tool-node-without-key', 1);
    const shortest = results?.violations[0]?.shortest;
    expect(shortest?.crashes).toBe(1);
    const replay = await explore('tool-node-without-key', 1, ['--schedule', shortest?.schedule ?? '']);
    expect(replay.code).toBe(1);
    const kept = /^kept: (.+) \(/m.exec(replay.stdout)?.[1] ?? '';
    expect(emailsIn(resolve(cwd, kept, 'effects.db'))).toBe(2);
  }, 120_000);
});
