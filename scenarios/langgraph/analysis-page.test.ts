import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { durabilityRows, durabilityTable } from './durability.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGE = readFileSync(join(ROOT, 'docs', 'analyses', 'langgraph.md'), 'utf8');
const cwd = tempFolder('langgraph-analysis');
const out = join(cwd, 'runs');

/** Runs a command the page prints, in this process; its exit code must be the page's too. */
async function sim(argv: string[], code: number): Promise<string> {
  const run = await runCli([...argv, '--out', out], cwd);
  expect(run.stderr).not.toMatch(/internal error/);
  expect(run.code, argv.join(' ')).toBe(code);
  return run.stdout;
}

/** The page prints the command whose output a table is. */
function printed(command: string): void {
  expect(PAGE).toContain(`\`${command}\``);
}

describe('docs/analyses/langgraph.md: every table is what its command prints', () => {
  it('the versions are the installed packages', () => {
    printed('npm ls @langchain/langgraph @langchain/langgraph-checkpoint-sqlite @langchain/core');
    for (const name of ['@langchain/langgraph', '@langchain/langgraph-checkpoint-sqlite', '@langchain/core']) {
      const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(PAGE).toContain(`| ${name} | ${version} |`);
    }
  });

  it("the examples' table", async () => {
    printed('npx sim table --family langgraph');
    const stdout = await sim(['table', '--family', 'langgraph'], 0);
    const table = stdout
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .join('\n');
    expect(table.split('\n')).toHaveLength(7);
    expect(PAGE).toContain(table);
  }, 240_000);

  it('the durability modes', async () => {
    printed('npx tsx scenarios/langgraph/print-durability.ts');
    expect(PAGE).toContain(durabilityTable(await durabilityRows(join(cwd, 'durability'))));
  }, 240_000);

  it('every crash schedule within two crashes', async () => {
    const lines = ['| protocol | schedules | violations | exhaustive | exit |', '|---|--:|---|---|--:|'];
    for (const [protocol, code] of [
      ['notify-then-approve', 1],
      ['approve-then-notify', 0],
      ['tool-node-without-key', 1],
      ['tool-node-key-from-task', 0],
      ['functional-task-async', 1],
    ] as const) {
      const stdout = await sim(['explore', '--family', 'langgraph', '-p', protocol, '-d', '2', '-j', '1'], code);
      const folder = /^run folder: (.+)$/m.exec(stdout)?.[1] ?? '';
      const result = JSON.parse(readFileSync(resolve(cwd, folder, 'results.json'), 'utf8')) as {
        schedules: number;
        exhaustive: boolean;
        violations: { kind: string; count: number }[];
      };
      const violations = result.violations.map((group) => `${group.kind} in ${group.count}`).join(', ') || 'none';
      lines.push(`| ${protocol} | ${result.schedules} | ${violations} | ${result.exhaustive ? 'yes' : 'no'} | ${code} |`);
    }
    printed('npx sim explore --family langgraph -p <protocol> -d 2 -j 1');
    expect(PAGE).toContain(lines.join('\n'));
  }, 900_000);

  it('fast-check as the model, the human and the nemesis', async () => {
    printed('npx sim check --family langgraph --seed 2026 --runs 40 -j 1 -f json');
    const stdout = await sim(['check', '--family', 'langgraph', '--seed', '2026', '--runs', '40', '-j', '1', '-f', 'json'], 0);
    const { properties } = JSON.parse(stdout) as {
      properties: { name: string; protocol: string; outcome: string; runs: number; counterexample?: { violation?: { message: string } } }[];
    };
    const lines = ['| property | protocol | outcome | runs | counterexample |', '|---|---|---|--:|---|'];
    for (const p of properties)
      lines.push(
        `| ${p.name} | ${p.protocol} | ${p.outcome} | ${p.runs} | ${p.counterexample?.violation?.message.replace(/^send_email:\{[^}]*\} /, '') ?? ''} |`,
      );
    expect(PAGE).toContain(lines.join('\n'));
  }, 600_000);
});
