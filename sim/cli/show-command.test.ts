import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('cli-show');

describe('sim show', () => {
  it("prints one case's history.jsonl as its timeline, and every case of a run folder", async () => {
    const table = await runCli(['table', '-p', 'outbox-no-dedup', '-c', '2', '3'], cwd);
    const run = /run folder: (\S+)/.exec(table.stdout)![1]!;

    const one = await runCli(['show', join(run, 'outbox-no-dedup', 'cut-2')], cwd);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/cut-2\/history\.jsonl \(\d+ events; virtual ms, worker, event\)/);
    expect(one.stdout).toContain('✗ CRASH at effect-applied');
    expect(one.stdout).toContain('── life 1: recovery with fresh connections ──');

    const all = await runCli(['show', run], cwd);
    expect(all.code).toBe(0);
    expect(all.stdout.indexOf('outbox-no-dedup/cut-2/history.jsonl')).toBeLessThan(
      all.stdout.indexOf('outbox-no-dedup/cut-3/history.jsonl'),
    );
    expect(all.stdout).toContain('✗ CRASH at response-observed');
  });

  it('prints the histories of a run folder whose results.json has the older verdict word error', async () => {
    const folder = join(import.meta.dirname, '../testing/fixtures/older-results/20261203-210033-a46ae4');
    const { code, stdout, stderr } = await runCli(['show', folder], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^throws-mid-run\/cut-1\/history\.jsonl \(\d+ events; virtual ms, worker, event\)/);
  });

  it.each([
    { make: () => join(cwd, 'nothing-here'), says: /nothing-here is not a folder/ },
    { make: () => (mkdirSync(join(cwd, 'empty'), { recursive: true }), join(cwd, 'empty')), says: /no history\.jsonl in/ },
    {
      make: () => {
        mkdirSync(join(cwd, 'bad'), { recursive: true });
        writeFileSync(join(cwd, 'bad', 'history.jsonl'), '{"seq":0}\nnot json\n');
        return join(cwd, 'bad');
      },
      says: /history\.jsonl: line 1 is not a history event/,
    },
  ])('bad input: one line, exit 2 ($says)', async ({ make, says }) => {
    const { code, stderr } = await runCli(['show', make()], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
