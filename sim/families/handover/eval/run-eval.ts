import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { referenceHarness } from '../../../../protocols/handover/reference-harness.js';
import { FileMedium } from '../../../engine/connections.js';
import { runFamily } from '../../../engine/run-family.js';
import { handoverFamily } from '../family.js';
import type { HandoverGraph } from '../graph.js';
import { DEFAULT_HANDOVER_SETTINGS, type HandoverWorkload, type PolicyChoice } from '../workload.js';
import type { EvalScenario } from './suite.js';

/** What the harness did with one scenario, read back from the queue's and the store's files. */
export interface ScenarioRun {
  id: string;
  /** The 1-based turn whose message led to the first handover, or null when nobody was handed the conversation. */
  handoverTurn: number | null;
  target: string | null;
  reason: string | null;
  /** The ticket's summary and key facts: what the person is handed. */
  context: string;
  error?: string;
}

const TURN_GAP_MS = 10 * 60_000;
const NINE_AM_MS = 9 * 3_600_000;
const medium = new FileMedium();

/**
 * Handovers the harness makes because the model failed (it threw or timed out)
 * or never stopped (the step limit): the policy under evaluation decided none
 * of them, so they must not count as its correct handovers.
 */
const NOT_DECIDED_BY_POLICY = ['model_unavailable', 'step_limit'];

export interface EvalSubject {
  policy: PolicyChoice;
  graph: HandoverGraph;
}

/**
 * Runs one labelled scenario through the reference harness, fault-free, on
 * the virtual clock (a turn every ten minutes from 09:00): the policy under
 * evaluation plays every agent, the harness's guardrails run as they do in
 * every other run.
 */
export async function runScenario(scenario: EvalScenario, subject: EvalSubject, scratch: string): Promise<ScenarioRun> {
  const folder = join(scratch, scenario.id);
  mkdirSync(folder, { recursive: true });
  const workload: HandoverWorkload = {
    graph: subject.graph,
    policy: subject.policy,
    conversations: [
      {
        id: 'c1',
        tenant: 'eval',
        events: scenario.turns.map((text, n) => ({ atMs: NINE_AM_MS + n * TURN_GAP_MS, kind: 'user' as const, text })),
      },
    ],
  };
  try {
    const outcome = await runFamily(handoverFamily, {
      protocol: referenceHarness,
      workload,
      folder,
      medium,
      plan: [],
      livesMax: 1,
      settings: DEFAULT_HANDOVER_SETTINGS,
    });
    const handovers = (outcome.state.orchestrator?.handovers ?? []) as { event_id: string; target: string; reason: string; seq: number }[];
    const tickets = (outcome.state['human-queue']?.tickets ?? []) as { summary: string; key_facts: string }[];
    const first = handovers.sort((a, b) => a.seq - b.seq)[0];
    const run: ScenarioRun = {
      id: scenario.id,
      handoverTurn: first ? Number(first.event_id.slice(1)) : null,
      target: first?.target ?? null,
      reason: first?.reason ?? null,
      context: tickets[0] ? `${tickets[0].summary}\n${(JSON.parse(tickets[0].key_facts) as string[]).join('\n')}` : '',
    };
    if (outcome.end.kind === 'error') run.error = outcome.end.message;
    else if (first && NOT_DECIDED_BY_POLICY.includes(first.reason)) {
      // The guardrail log says why the model failed (it threw, timed out, answered 42): the line a user can act on.
      const log = (outcome.state.orchestrator?.guardrail_log ?? []) as { layer: string; check_name: string; reason: string }[];
      const why = log.find((row) => row.layer === 'model' && (row.check_name === 'model-down' || row.check_name === 'model-timeout'));
      run.error = `the policy did not decide: the harness handed over (${first.reason}${why ? `: ${why.reason}` : ''})`;
    }
    return run;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
