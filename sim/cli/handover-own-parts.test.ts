import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { graphFromJson, type HandoverGraph } from '../families/handover/graph.js';
import { playScenario } from '../families/handover/eval/run-eval.js';
import { tempFolder } from '../testing/temp-folder.js';
import { runCli } from './testing/run-cli.js';

const cwd = tempFolder('handover-own-parts');
const examples = join(process.cwd(), 'protocols', 'handover', 'examples');
const ownToolGraph = join(examples, 'graph-with-own-tool.json');
const refundPolicy = join(examples, 'refund-policy.ts');

/** Reception's questions go to a person before the model: asking to be put through, parking, bookings. */
const rulesFile = join(examples, 'reception-rules.json');

function rowsOf<T>(folder: string, store: string, sql: string): T[] {
  const db = new Database(join(folder, store), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** The count a check's summary line printed for one kind (`89 handovers`), or 0 when it printed none. */
function fired(stdout: string, words: string): number {
  return Number(new RegExp(`(\\d+) ${words}(,|$)`, 'm').exec(stdout)?.[1] ?? 0);
}

describe('the user’s rules and a graph’s own tool in sim table and sim check', () => {
  it('table --rules: the rule hands the booking to a person too, two tickets per case instead of one', async () => {
    const table = async (extra: string[]) => {
      const run = await runCli(['table', '--family', 'handover', '--protocol', 'reference-harness', ...extra], cwd);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const folder = join(cwd, /^run folder: (.*)$/m.exec(run.stdout)![1]!);
      const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
      return results.cells.map((cell) => ({
        tickets: rowsOf<{ intention_id: string }>(folder, cell.case.files.stores['human-queue']!, 'SELECT DISTINCT intention_id FROM tickets'),
        decided: rowsOf<{ check_name: string }>(folder, cell.case.files.stores['orchestrator']!, 'SELECT check_name FROM guardrail_log'),
      }));
    };
    const without = await table([]);
    const withRules = await table(['--rules', rulesFile]);
    expect(withRules).toHaveLength(without.length);
    expect(without.every((cell) => cell.tickets.length === 1)).toBe(true);
    // "Thanks. Can I book an appointment for friday?" goes to a person before the model: handover c1#2, decided by the rule.
    expect(withRules.every((cell) => cell.tickets.map((row) => row.intention_id).join() === 'c1#1,c1#2')).toBe(true);
    expect(withRules.every((cell) => cell.decided.some((row) => row.check_name === 'reception'))).toBe(true);
    expect(without.some((cell) => cell.decided.some((row) => row.check_name === 'reception'))).toBe(false);
  }, 120_000);

  it('check --rules: the rule decides conversations (counted), more of them reach a person, fewer reach the model', async () => {
    const check = (extra: string[]) => runCli(['check', '--family', 'handover', 'handover-once', '--runs', '60', '--seed', '1', ...extra], cwd);
    const without = await check([]);
    const withRules = await check(['--rules', rulesFile]);
    expect(withRules.code).toBe(0);
    expect(withRules.stdout).toContain(`with --rules ${rulesFile}`);
    expect(withRules.stdout).toMatch(/✓ handover-once +held/);
    expect(fired(without.stdout, 'rule decisions')).toBe(0);
    expect(fired(withRules.stdout, 'rule decisions')).toBeGreaterThan(0);
    expect(fired(withRules.stdout, 'handovers')).toBeGreaterThan(fired(without.stdout, 'handovers'));
    expect(fired(withRules.stdout, 'model calls')).toBeLessThan(fired(without.stdout, 'model calls'));
  }, 120_000);

  it('check --rules with a rule that never decides: the property held but says nothing of the rules (unexercised, exit 1)', async () => {
    const idle = join(cwd, 'idle.json');
    writeFileSync(idle, JSON.stringify({ before: [{ name: 'never', phrases: ['xyzzy'] }] }));
    const run = await runCli(['check', '--family', 'handover', 'handover-once', '--runs', '20', '--seed', '1', '--rules', idle], cwd);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/handover-once UNEXERCISED .*never fired: .*ruleDecisions/);
  }, 120_000);

  it("check --graph with the graph's own tool and a model that calls it: held, with the tool's effects counted", async () => {
    const run = await runCli(
      ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--graph', ownToolGraph, '--policy', refundPolicy],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✓ handover-once +held +40 runs/);
    expect(fired(run.stdout, 'own tool effects')).toBeGreaterThan(0);
    expect(fired(run.stdout, 'crashes')).toBeGreaterThan(0);
  }, 120_000);

  it('the same tool declared without receipts: check finds the refund applied twice after a crash, and its replay keeps the files', async () => {
    const graph = JSON.parse(readFileSync(ownToolGraph, 'utf8')) as { tools: Record<string, { acts: string }> };
    graph.tools['refund_invoice']!.acts = 'no-receipt';
    const file = join(cwd, 'no-receipt.json');
    writeFileSync(file, JSON.stringify(graph));
    const run = await runCli(
      ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--graph', file, '--policy', refundPolicy],
      cwd,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/tool call c\d+:e\d+:refund_invoice.*: 2 effects in the tool server/);
    const replay = /replay: npx sim (check .*)$/m.exec(run.stdout)?.[1];
    expect(replay).toContain(`--graph ${file}`);
    const replayed = await runCli([...replay!.split(' ')], cwd);
    const kept = join(cwd, /kept: (\S+)/.exec(replayed.stdout)![1]!);
    const effects = rowsOf<{ n: number }>(kept, 'tool-server.db', 'SELECT COUNT(*) AS n FROM tool_effects GROUP BY intention_id ORDER BY n DESC');
    expect(effects[0]?.n).toBe(2);
  }, 120_000);

  it("eval --graph with the graph's own tool: the refunds act once each in tool-server.db, and the counts judge the handovers", async () => {
    const suite = join(cwd, 'refunds.jsonl');
    const refund = { id: 'refund', turns: ['Please refund INV-0042'], expected: { handover: false } };
    const person = { id: 'person', turns: ['Please refund INV-0043', 'I want to speak to a person'], expected: { handover: true, target: 'human_agent' } };
    writeFileSync(suite, [refund, person].map((line) => JSON.stringify(line)).join('\n'));
    const run = await runCli(['eval', 'handover', '--suite', suite, '--graph', ownToolGraph, '--policy', refundPolicy, '--format', 'json'], cwd);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { metrics: Record<string, unknown>; results: { id: string; verdict: string }[] };
    expect(document.metrics).toMatchObject({ scenarios: 2, missed: 0, unnecessary: 0, wrongTarget: 0, errors: 0 });
    expect(document.results.map(({ id, verdict }) => [id, verdict])).toEqual([['refund', 'correct-no-handover'], ['person', 'correct']]);
    // The same scenarios played into folders that stay: the graph's tool acted once per refund, through its declared contract.
    const graph = graphFromJson(JSON.parse(readFileSync(ownToolGraph, 'utf8')), ownToolGraph) as HandoverGraph;
    const subject = { policy: { kind: 'module' as const, path: refundPolicy }, graph };
    for (const [scenario, invoice] of [[refund, 'INV-0042'], [person, 'INV-0043']] as const) {
      const folder = join(cwd, `played-${scenario.id}`);
      mkdirSync(folder, { recursive: true });
      await playScenario(scenario, subject, folder);
      const effects = rowsOf<{ tool: string; arguments: string }>(folder, 'tool-server.db', 'SELECT tool, arguments FROM tool_effects');
      expect(effects).toEqual([{ tool: 'refund_invoice', arguments: JSON.stringify({ invoice, amountCents: 1250 }) }]);
    }
  }, 120_000);
});
