import { faultKindsOf } from '../../../sim/check/fault-words.js';
import type { PropertySuite } from '../../../sim/check/suite.js';
import { counted } from '../../../reports/plural.js';
import { DEFAULT_LANGGRAPH_BOUNDS, type LangGraphBounds } from './arbitraries.js';
import { LANGGRAPH_PROPERTIES } from './definitions.js';
import { LANGGRAPH_FAULTS, tallyLangGraphRun } from './tally.js';
import { runLangGraphTrial, type LangGraphTrial } from './trial.js';

/** The langgraph family's properties for the generic runner (sim/check): fast-check plays the model, the human and the nemesis. */
export const LANGGRAPH_SUITE: PropertySuite<LangGraphTrial, LangGraphBounds> = {
  family: 'langgraph',
  properties: LANGGRAPH_PROPERTIES,
  defaultBounds: DEFAULT_LANGGRAPH_BOUNDS,
  withWorkers: () => 'the langgraph family takes no --workers: one service runs the thread',
  workersOf: () => undefined,
  // One thread in one process: LangGraph orders its own concurrent writes, no scheduler reorders them.
  scheduled: false,
  stores: ['memory', 'file'],
  run: runLangGraphTrial,
  faultKinds: faultKindsOf(LANGGRAPH_FAULTS),
  tally: tallyLangGraphRun,
  trialText: (trial) => JSON.stringify(trial),
  trialSize: (trial) =>
    [
      counted(trial.script.filter((turn) => (turn.toolCalls?.length ?? 0) > 0).length, 'tool turn'),
      `answer ${trial.answer}`,
      counted(trial.crashes.length, 'crash', 'crashes'),
    ].join(', '),
  protocolOf: (trial) => trial.protocol,
  alsoHold: [{ protocol: 'approve-then-notify', properties: ['effects-once'] }],
};
