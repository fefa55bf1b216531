import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { runCli } from './testing/run-cli.js';
import { printedRow } from './testing/table-run.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('handover-cli');
const repo = process.cwd();
const policy = join(repo, 'protocols', 'handover', 'examples', 'my-policy.ts');
const graph = join(repo, 'protocols', 'handover', 'examples', 'my-graph.json');

describe('sim handover', () => {
  it('table is gone: `sim table --family handover` is the table', async () => {
    const { code, stdout, stderr } = await runCli(['handover', 'table'], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('show: a case as a conversation, read from its files, the crash and the duplicate ticket in their place', async () => {
    const table = await runCli(['table', '--family', 'handover', '--protocol', 'enqueue-without-key', '--cut', 'ticket-enqueued'], cwd);
    const folder = /^run folder: (.*)$/m.exec(table.stdout)![1]!;
    const { code, stdout } = await runCli(['handover', 'show', join(folder, 'enqueue-without-key', 'cut-2')], cwd);
    expect(code).toBe(0);
    // `sim show` finds the case is a handover case from its stores and prints the same conversation under its title.
    const generic = await runCli(['show', join(folder, 'enqueue-without-key', 'cut-2')], cwd);
    expect(generic.code).toBe(0);
    expect(generic.stdout).toMatch(/cut-2\/history\.jsonl \(handover case, \d+ events;/);
    expect(generic.stdout.split('\n').slice(1).join('\n')).toBe(stdout);
    const events = await runCli(['show', '--events', join(folder, 'enqueue-without-key', 'cut-2')], cwd);
    expect(events.stdout).toMatch(/\(\d+ events; virtual ms, worker, event\)/);
    const lines = stdout.trim().split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(lines[0]).toMatch(/^d1 09:00:00\.000  c1  user +I have chest pain/);
    expect(at('ticket #1 committed for handover c1#1')).toBeLessThan(at('✗ CRASH at ticket-enqueued'));
    expect(at('✗ CRASH at ticket-enqueued')).toBeLessThan(at('ticket #2 committed for handover c1#1'));
    expect(at('[active: human_nurse]')).toBeGreaterThan(0);
    expect(at('notice sent to the user: A person (a nurse on duty) will answer you within 120 minutes.')).toBeGreaterThan(at('ticket #2'));
  });

  it('sim table --family handover --policy --graph: your own model and graph, measured only', async () => {
    const { code, stdout, stderr } = await runCli(['table', '--family', 'handover', '--policy', policy, '--graph', graph], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('no expected rows for these protocols: the table is measured only.');
    const folder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
    expect(results.cells).toHaveLength(35);
    expect(results.cells.every((cell) => cell.case.cutFired)).toBe(true);
    // The example graph's own human target holds the ticket: the cases really ran the user's graph.
    const db = new Database(join(folder, results.cells[0]!.case.files.stores['human-queue']!), { readonly: true });
    const targets = db.prepare('SELECT DISTINCT target FROM tickets').all() as { target: string }[];
    db.close();
    expect(targets.map((row) => row.target)).toEqual(['human_agent']);
    // The example's model hands the nurse case to its own human target, once, at every cut.
    expect(printedRow(stdout, 'reference-harness').slice(0, 10)).toEqual(['1', '1', '1', '1', '1', '1', '1', '1', '1', '1']);
    expect(printedRow(stdout, 'answers-after-handover')[11]).toBe('1');
  }, 60_000);

  it('check --policy --graph: the properties that must hold, around your own model', async () => {
    const { code, stdout } = await runCli(
      ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--policy', policy, '--graph', graph],
      cwd,
    );
    expect(code).toBe(0);
    expect(stdout).toContain(`with --policy ${policy} --graph ${graph}`);
    expect(stdout).toMatch(/✓ handover-once +held +40 runs/);
    expect(stdout).toContain('1/1 properties passed (seed 1).');
  }, 60_000);

  it('check finds a control, prints the replay line, and the replay line replays it with its files', async () => {
    const found = await runCli(['check', '--family', 'handover', 'control-count-in-memory', '--runs', '50', '--seed', '3'], cwd);
    expect(found.code).toBe(0);
    const replay = /replay: npx sim (check --family handover control-count-in-memory --seed 3 --path \S+)/.exec(found.stdout)?.[1];
    expect(replay).toBeDefined();
    const replayed = await runCli(replay!.split(' '), cwd);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('violation: cap: 4 transfers between agents in one conversation, cap 3');
    expect(replayed.stdout).toContain('✗ CRASH at');
    const kept = join(cwd, /kept: (\S+)/.exec(replayed.stdout)?.[1] ?? 'missing');
    expect(existsSync(join(kept, 'orchestrator.db'))).toBe(true);
  }, 60_000);

  it.each([
    [['table', '--family', 'handover', '--graph', 'missing.json'], 'cannot read graph file'],
    [['table', '--family', 'handover', '--graph', 'bad-graph.json'], "edge to 'billing', which is no node of the graph"],
    [['table', '--family', 'handover', '--policy', 'missing.ts'], 'policy file missing.ts does not exist'],
    [['table', '--policy', 'missing.ts'], '--policy, --graph and --rules belong to the handover family'],
    [['check', '--family', 'handover', 'no-such-property'], "unknown property 'no-such-property' in family handover"],
    [['check', '--family', 'handover', 'handover-once', '--path', '1:2'], '--path replays one run'],
    [['check', '--policy', 'x.ts'], '--policy belongs to the handover family, not reservation'],
    [['check', '--family', 'plan', '--workers', '2'], 'the plan family takes no --workers'],
    [['check', '--family', 'handover', '--store', 'memory'], "--store memory: the handover family's runs use file stores"],
    [['handover', 'show', 'no-such-case'], 'is not a handover case'],
  ])('bad input %j is one line on stderr and exit 2', async (argv, message) => {
    writeFileSync(
      join(cwd, 'bad-graph.json'),
      JSON.stringify({
        entry: 'router',
        agents: { router: { description: 'r', edges: ['billing'], tools: [] } },
        humans: { h: { description: 'h', answersWithinMs: 1, openHour: 0, closeHour: 24, urgentLine: 'x' } },
        fallbackHuman: 'h',
      }),
    );
    const { code, stdout, stderr } = await runCli(argv, cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(message);
  });
});
