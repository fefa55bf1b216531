import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisPage, EXPLORE_TABLE_HEAD } from '../../sim/cli/testing/analysis-page.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';

const cwd = tempFolder('openai-agents-analysis');
const { page, printed, versions, table, exploreRow } = analysisPage('openai-agents.md', cwd);
const MY_AGENTS = 'sim/families/openai-agents/fixtures/my-agents.ts';

describe('docs/analyses/openai-agents.md: every table is what its command prints', () => {
  it('the versions are the installed packages', () => {
    versions(['@openai/agents-core', 'zod']);
  });

  it("the examples' table", async () => {
    await table(['table', '--family', 'openai-agents'], 0, 6);
  }, 240_000);

  it('every crash schedule within two crashes', async () => {
    const lines = [...EXPLORE_TABLE_HEAD];
    for (const [protocol, code] of [
      ['refund-on-approval', 1],
      ['refund-keyed-by-call', 0],
      ['handoff-announced', 1],
      ['ticket-without-key', 1],
    ] as const)
      lines.push(await exploreRow(['explore', '--family', 'openai-agents', '-p', protocol, '-d', '2', '-j', '1'], protocol, code));
    printed('npx sim explore --family openai-agents -p <protocol> -d 2 -j 1');
    expect(page).toContain(lines.join('\n'));
  }, 900_000);

  it("a user's module, its family found from the module", async () => {
    const absolute = join(import.meta.dirname, '..', '..', MY_AGENTS);
    await table(['table', '--protocol', absolute], 1, 3, `npx sim table --protocol ${MY_AGENTS}`);
  }, 240_000);

  it('the speed section prints the command its figures come from', () => {
    printed('npm run bench -- openai-agents');
  });
});
