import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisPage, EXPLORE_TABLE_HEAD } from '../../sim/cli/testing/analysis-page.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { durabilityRows, durabilityTable } from './durability.js';

const cwd = tempFolder('langgraph-analysis');
const { page, printed, sim, versions, table, exploreRow } = analysisPage('langgraph.md', cwd);

describe('docs/analyses/langgraph.md: every table is what its command prints', () => {
  it('the versions are the installed packages', () => {
    versions(['@langchain/langgraph', '@langchain/langgraph-checkpoint-sqlite', '@langchain/core']);
  });

  it("the examples' table", async () => {
    await table(['table', '--family', 'langgraph'], 0, 7);
  }, 240_000);

  it('the durability modes', async () => {
    printed('npx tsx scenarios/langgraph/print-durability.ts');
    expect(page).toContain(durabilityTable(await durabilityRows(join(cwd, 'durability'))));
  }, 240_000);

  it('every crash schedule within two crashes', async () => {
    const lines = [...EXPLORE_TABLE_HEAD];
    for (const [protocol, code] of [
      ['notify-then-approve', 1],
      ['approve-then-notify', 0],
      ['tool-node-without-key', 1],
      ['tool-node-key-from-task', 0],
      ['functional-task-async', 1],
    ] as const)
      lines.push(await exploreRow(['explore', '--family', 'langgraph', '-p', protocol, '-d', '2', '-j', '1'], protocol, code));
    printed('npx sim explore --family langgraph -p <protocol> -d 2 -j 1');
    expect(page).toContain(lines.join('\n'));
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
    expect(page).toContain(lines.join('\n'));
  }, 600_000);
});
