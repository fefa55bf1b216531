import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import { handoverFamily } from '../../../sim/families/handover/family.js';
import { graphFromJson, type HandoverGraph } from '../../../sim/families/handover/graph.js';
import { ownHandoverWorkload } from '../../../sim/families/handover/own-workload.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { referenceHarness } from '../reference-harness.js';
import type { ModelAction } from '../types.js';

const root = tempFolder('handover-own-tools');
const GRAPH_FILE = join(import.meta.dirname, '../examples/graph-with-own-tool.json');
const GRAPH = JSON.parse(readFileSync(GRAPH_FILE, 'utf8')) as HandoverGraph;
let cases = 0;

/** The example graph with its own tool declared otherwise (its contract, its latency). */
function withTool(change: Partial<NonNullable<HandoverGraph['tools']>[string]>): HandoverGraph {
  return { ...GRAPH, tools: { refund_invoice: { ...GRAPH.tools!['refund_invoice']!, ...change } } };
}

const call = (name: string, args: unknown): ModelAction => ({ type: 'tool-calls', calls: [{ name, arguments: args }] });
/** The router hands over to billing, which calls the refund, then replies. */
const refund = (args: unknown): ModelAction[] => [
  call('transfer', { target: 'billing', reason: 'out_of_scope', summary: 'a refund' }),
  call('refund_invoice', args),
  { type: 'reply', text: 'Your refund is on its way.' },
];

async function live(graph: HandoverGraph, actions: ModelAction[], plan: CrashPoint[] = []): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol: referenceHarness,
    workload: {
      graph,
      policy: { kind: 'scripted', actions },
      conversations: [{ id: 'c1', tenant: 'shop', events: [{ atMs: 9 * 3_600_000, kind: 'user', text: 'Please refund INV-0042' }] }],
    },
    folder: join(root, String(++cases)),
    plan,
    livesMax: 3,
  });
}
const effects = (outcome: FamilyOutcome) => outcome.state['tool-server']?.['tool_effects'] ?? [];
const toolLines = (outcome: FamilyOutcome) =>
  ((outcome.state['orchestrator']?.['transcript'] ?? []) as { role: string; text: string }[])
    .filter((line) => line.role === 'tool' || line.role === 'tool-error')
    .map((line) => line.text);

describe("a graph's own tools", () => {
  it('are accepted as a graph input: the table, check and eval load the example graph instead of refusing it', async () => {
    expect(graphFromJson(GRAPH, 'g.json')).toEqual(GRAPH);
    const own = await ownHandoverWorkload({ graph: GRAPH_FILE }, process.cwd());
    expect(own?.workload.graph.tools?.['refund_invoice']?.acts).toBe('atomic-receipt');
  });

  it('a valid call acts once, even when the reply is lost and the model calls it again after the restart', async () => {
    const args = { invoice: 'INV-0042', amountCents: 1250 };
    const keyed = await live(GRAPH, refund(args), [{ life: 0, cut: 'tool-applied' }]);
    const unkeyed = await live(withTool({ acts: 'no-receipt' }), refund(args), [{ life: 0, cut: 'tool-applied' }]);
    // The fault fired: the server committed and the reply was lost, in both.
    expect(keyed.crashes.map((crash) => crash.cut)).toEqual(['tool-applied']);
    expect(unkeyed.crashes.map((crash) => crash.cut)).toEqual(['tool-applied']);
    expect(effects(keyed)).toMatchObject([{ tool: 'refund_invoice', arguments: JSON.stringify(args) }]);
    // The contract the graph declares is the one kept: without receipts the repeated call acts twice.
    expect(effects(unkeyed)).toHaveLength(2);
  });

  it("an invalid argument is refused with the schema's message, and reaches no server", async () => {
    const outcome = await live(GRAPH, refund({ invoice: 'inv42', amountCents: 1250 }));
    expect(toolLines(outcome)).toEqual(['refund_invoice: arguments/invoice must match pattern "^INV-[0-9]{4}$"']);
    expect(effects(outcome)).toEqual([]);
  });

  it('a tool that does not act only answers: its answer enters the transcript and no server is asked', async () => {
    const { acts: _acts, ...answersOnly } = GRAPH.tools!['refund_invoice']!;
    const outcome = await live({ ...GRAPH, tools: { refund_invoice: answersOnly } }, refund({ invoice: 'INV-0042', amountCents: 1250 }));
    expect(toolLines(outcome)).toHaveLength(1);
    expect(toolLines(outcome)[0]).not.toContain('tool server');
    expect(effects(outcome)).toEqual([]);
    expect(outcome.history.all().filter((event) => event.op === 'refund_invoice')).toEqual([]);
  });

  it('a slow tool hits its time limit, and acts on nothing', async () => {
    const outcome = await live(withTool({ latencyMs: 5_000 }), refund({ invoice: 'INV-0042', amountCents: 1250 }));
    expect(toolLines(outcome)).toContain('refund_invoice: abandoned after 2000 ms (virtual)');
    expect(effects(outcome)).toEqual([]);
  });
});
