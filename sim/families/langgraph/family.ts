import { EXPECTED_EMAILS } from '../../../scenarios/langgraph/expected-table.js';
import { LANGGRAPH_PROTOCOLS } from '../../../protocols/langgraph/catalogue.js';
import type { LangGraphProtocol } from '../../../protocols/langgraph/types.js';
import type { Family } from '../../engine/family.js';
import type { Violation } from '../../engine/verdict.js';
import type { JsonValue } from '../../engine/history.js';
import { SAVER_CUTS, SAVER_SCHEMA } from './cut-saver.js';
import { EFFECTS_RECEIVER } from './effects-receiver.js';
import { INVOCATIONS_SCHEMA, observeLangGraph } from './observe.js';
import { protocolFromModule } from './protocol-module.js';
import { langgraphWorld } from './world.js';
import {
  DEFAULT_LANGGRAPH_SETTINGS,
  moduleWorkload,
  TABLE_INTENTION,
  TABLE_WORKLOAD,
  scriptedIntentions,
  type LangGraphSettings,
  type LangGraphWorkload,
} from './workload.js';

/**
 * Users' LangGraph.js graphs as a family: the real graph on LangGraph's own
 * SqliteSaver, a scripted model, and the tools' effects on a receiver of
 * cutpoint's. A table case cuts at the first hit of its cut while the first
 * effect is the only one applied: the boundaries right after an effect are
 * where a re-run can repeat it. The checkpoints' own seams (checkpoint-put,
 * checkpoint-saved) are boundaries of every run too, found by --cuts all and
 * by exploration; they are no column, since a graph that repeats its effect
 * before its next checkpoint (an interrupt's resume) never reaches them in
 * that window.
 */
export const langgraphFamily: Family<LangGraphProtocol, LangGraphWorkload, LangGraphSettings> = {
  name: 'langgraph',
  summary: "a user's LangGraph.js graph on its own SqliteSaver, resumed as LangGraph resumes, one effect per tool call",
  counted: 'effects in effects.db',
  cuts: [
    { name: EFFECTS_RECEIVER.appliedCut, meaning: "the API committed the tool's effect; its reply is lost before the node sees it" },
    { name: SAVER_CUTS.writesPut, meaning: "after the effect, LangGraph is about to save a task's writes (putWrites), not yet committed" },
    { name: SAVER_CUTS.writesSaved, meaning: "after the effect, a task's writes (putWrites) are committed to the orchestrator file" },
  ],
  protocols: LANGGRAPH_PROTOCOLS,
  expectedTable: EXPECTED_EMAILS,
  receivers: [EFFECTS_RECEIVER],
  tableColumns: [
    { header: 'resumes', metric: 'resumes', per: 'cut', legend: 'Command({ resume }) invocations of the thread' },
    { header: 'checkpoints', metric: 'checkpoints', per: 'row', legend: 'most checkpoints LangGraph saved for the thread, over the row' },
  ],
  tableWorkload: TABLE_WORKLOAD,
  tableIntention: TABLE_INTENTION,
  tableIntentionFor: (workload) => scriptedIntentions(workload)[0] ?? TABLE_INTENTION,
  protocolWorkload: (protocol) => (protocol.case ? moduleWorkload(protocol.name, protocol.case) : undefined),
  tableCrash: (cut) => ({ life: 0, cut, during: { cut: EFFECTS_RECEIVER.appliedCut, nth: 1 } }),
  defaultSettings: DEFAULT_LANGGRAPH_SETTINGS,
  orchestratorSchema: () => SAVER_SCHEMA + INVOCATIONS_SCHEMA,
  contracts: (protocol) => ({ [EFFECTS_RECEIVER.name]: protocol.contract }),
  world: langgraphWorld,
  observe: observeLangGraph,
  describeWorkload: (workload) =>
    `thread ${workload.thread}: ${scriptedIntentions(workload).join(', ')}; every interrupt answered ${JSON.stringify(workload.answer)}`,
  exploreWorkload: () => TABLE_WORKLOAD,
  // LangGraph saves a step's checkpoint while the next step's tasks run and save their writes: one thread, its own order.
  ownOrder: true,
  judge: judgeLangGraph,
  protocolFromModule,
  workloadToJson: (workload) => workload as unknown as JsonValue,
  workloadFromJson: (json) => json as unknown as LangGraphWorkload,
};

/** Every tool call the script asks for takes effect exactly once, once the thread is done. */
function judgeLangGraph(workload: LangGraphWorkload, outcome: Parameters<Family['judge']>[1]): Violation | undefined {
  if (outcome.end.kind === 'error') return { kind: 'error', message: outcome.end.message };
  for (const intention of scriptedIntentions(workload)) {
    const n = outcome.effects[intention] ?? 0;
    if (n > 1) return { kind: 'duplicate', intention, message: `${intention} took effect ${n} times` };
    if (n === 0 && outcome.end.kind === 'completed') return { kind: 'lost', intention, message: `${intention} never took effect` };
  }
  return undefined;
}
