import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ruleLayerOf } from '../../../../protocols/handover/guardrails/rules.js';
import { referenceHarness } from '../../../../protocols/handover/reference-harness.js';
import type { HandoverProtocol } from '../../../../protocols/handover/types.js';
import { FileMedium } from '../../../engine/connections.js';
import { turnArrivalMs, type ConversationHarness, type ConversationOutcome } from '../../../engine/conversation-harness.js';
import { protocolFromFile } from '../../../engine/protocol-file.js';
import { runFamily, type FamilyOutcome } from '../../../engine/run-family.js';
import { handoverFamily } from '../family.js';
import type { HandoverGraph } from '../graph.js';
import { DEFAULT_HANDOVER_SETTINGS, type HandoverWorkload, type PolicyChoice, type ScriptedEvent } from '../workload.js';
import { roleOf, textOf, type EvalScenario, type Turn } from './suite.js';

/** What the harness did with one scenario, read back from the queue's and the store's files. */
export interface ScenarioRun extends ConversationOutcome {
  id: string;
}

const medium = new FileMedium();

/**
 * Handovers the harness makes because the model failed (it threw or timed out)
 * or never stopped (the step limit): the policy under evaluation decided none
 * of them, so they must not count as its correct handovers.
 */
const NOT_DECIDED_BY_POLICY = ['model_unavailable', 'step_limit'];

/**
 * The harness under evaluation: a built-in of the family, a user's module
 * imported afresh for each scenario, or a user's module another family
 * plays (a framework's agents, with their own model and guardrails).
 */
export type HarnessChoice =
  | { kind: 'built-in'; protocol: HandoverProtocol }
  | { kind: 'file'; path: string; shownAs: string }
  | { kind: 'conversation'; harness: ConversationHarness };

export interface EvalSubject {
  policy: PolicyChoice;
  graph: HandoverGraph;
  /** The reference harness when absent. */
  harness?: HarnessChoice;
  /** The user's guardrail rules (--rules), absolute, ahead of the harness's built-in checks: as a table or a check reads them. */
  rules?: string;
}

/**
 * The events the harness is sent: each user turn, and each run of operator
 * turns as one return of the conversation. A log's agent turns go with the
 * event after them, as the agent's earlier lines: the harness puts them in
 * its transcript and answers the user in their context (agent turns after
 * the last user or operator turn follow everything the harness decides, and
 * stay the judge's context only). Each event's ordinal is its turn's place,
 * so the handover's event names the turn a labeller counts.
 */
export function scenarioEvents(turns: readonly Turn[]): ScriptedEvent[] {
  const events: ScriptedEvent[] = [];
  let agentLines: string[] = [];
  const withAgentLines = <E extends ScriptedEvent>(event: E): E => {
    const lines = agentLines;
    agentLines = [];
    return lines.length === 0 ? event : { ...event, agentLines: lines };
  };
  turns.forEach((turn, n) => {
    const atMs = turnArrivalMs(n);
    const role = roleOf(turn);
    const last = events.at(-1);
    if (role === 'agent') agentLines.push(textOf(turn));
    else if (role === 'user') events.push(withAgentLines({ atMs, kind: 'user', text: textOf(turn), ordinal: n }));
    else if (last?.kind === 'operator-return' && n > 0 && roleOf(turns[n - 1]!) === 'operator') last.messages.push(textOf(turn));
    else events.push(withAgentLines({ atMs, kind: 'operator-return', messages: [textOf(turn)], ordinal: n }));
  });
  return events;
}

async function harnessOf(choice: Exclude<HarnessChoice, { kind: 'conversation' }> | undefined, scenario: EvalScenario): Promise<HandoverProtocol> {
  if (choice === undefined) return referenceHarness;
  if (choice.kind === 'built-in') return choice.protocol;
  // A fresh instance per scenario: what one conversation left in the module's memory is not the next one's.
  return protocolFromFile(handoverFamily, choice.path, choice.shownAs, `eval-${scenario.id}`);
}

/**
 * Plays one labelled scenario through the harness under evaluation (the
 * reference by default) into `folder`, fault-free, on the virtual clock (a
 * turn every ten minutes from 09:00): the policy under evaluation plays
 * every agent, the harness's guardrails run as they do in every other run,
 * the user's rules ahead of its own. The stores stay in `folder`.
 */
export async function playScenario(scenario: EvalScenario, subject: EvalSubject, folder: string): Promise<FamilyOutcome> {
  const { harness } = subject;
  if (harness?.kind === 'conversation') throw new TypeError('playScenario plays a handover harness: a conversation harness plays its scenarios itself');
  const workload: HandoverWorkload = {
    graph: subject.graph,
    policy: subject.policy,
    conversations: [{ id: 'c1', tenant: 'eval', events: scenarioEvents(scenario.turns) }],
    ...(subject.rules === undefined ? {} : { rules: subject.rules }),
  };
  return runFamily(handoverFamily, {
    protocol: await harnessOf(harness, scenario),
    workload,
    folder,
    medium,
    plan: [],
    livesMax: 1,
    settings: DEFAULT_HANDOVER_SETTINGS,
  });
}

/** Plays one scenario (playScenario) in a folder of its own under `scratch`, reads what the harness did, and removes the folder. */
export async function runScenario(scenario: EvalScenario, subject: EvalSubject, scratch: string): Promise<ScenarioRun> {
  const folder = join(scratch, scenario.id);
  mkdirSync(folder, { recursive: true });
  const { harness } = subject;
  try {
    // A conversation harness of another family plays the scenario with its own model and guardrails, and reads it back itself.
    if (harness?.kind === 'conversation') {
      const turns = scenario.turns.map((turn) => ({ role: roleOf(turn), text: textOf(turn) }));
      return { id: scenario.id, ...(await harness.harness.play({ id: scenario.id, turns }, folder)) };
    }
    const outcome = await playScenario(scenario, subject, folder);
    const handovers = (outcome.state.orchestrator?.handovers ?? []) as { event_id: string; target: string; reason: string; seq: number }[];
    const tickets = (outcome.state['human-queue']?.tickets ?? []) as { summary: string; key_facts: string }[];
    const first = handovers.sort((a, b) => a.seq - b.seq)[0];
    const log = (outcome.state.orchestrator?.guardrail_log ?? []) as { layer: string; check_name: string; reason: string }[];
    const decided = new Map(log.map((row) => [`${row.layer}/${row.check_name}`, { layer: ruleLayerOf(row.layer), check: row.check_name }]));
    const run: ScenarioRun = {
      id: scenario.id,
      handoverTurn: first ? Number(first.event_id.slice(1)) : null,
      target: first?.target ?? null,
      reason: first?.reason ?? null,
      context: tickets[0] ? `${tickets[0].summary}\n${(JSON.parse(tickets[0].key_facts) as string[]).join('\n')}` : '',
      guardrails: [...decided.values()],
    };
    if (outcome.end.kind === 'error') run.error = outcome.end.message;
    else if (first && NOT_DECIDED_BY_POLICY.includes(first.reason)) {
      // The guardrail log says why the model failed (it threw, timed out, answered 42): the line a user can act on.
      const why = log.find((row) => row.layer === 'model' && (row.check_name === 'model-down' || row.check_name === 'model-timeout'));
      run.error = `the policy did not decide: the harness handed over (${first.reason}${why ? `: ${why.reason}` : ''})`;
    }
    return run;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
