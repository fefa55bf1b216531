import { faultKindsOf } from '../../../sim/check/fault-words.js';
import type { PropertySuite } from '../../../sim/check/suite.js';
import { counted } from '../../../reports/plural.js';
import { DEFAULT_OPENAI_AGENTS_BOUNDS, type OpenAIAgentsBounds } from './arbitraries.js';
import { OPENAI_AGENTS_PROPERTIES } from './definitions.js';
import { OPENAI_AGENTS_FAULTS, tallyOpenAIAgentsRun } from './tally.js';
import { runOpenAIAgentsTrial, type OpenAIAgentsTrial } from './trial.js';

/** The openai-agents family's properties for the generic runner (sim/check): fast-check plays the model, the person and the nemesis. */
export const OPENAI_AGENTS_SUITE: PropertySuite<OpenAIAgentsTrial, OpenAIAgentsBounds> = {
  family: 'openai-agents',
  properties: OPENAI_AGENTS_PROPERTIES,
  defaultBounds: DEFAULT_OPENAI_AGENTS_BOUNDS,
  withWorkers: () => 'the openai-agents family takes no --workers: one app runs the conversation',
  workersOf: () => undefined,
  // One conversation in one process: the SDK's run orders its own steps, no scheduler reorders them.
  scheduled: false,
  stores: ['memory', 'file'],
  run: runOpenAIAgentsTrial,
  faultKinds: faultKindsOf(OPENAI_AGENTS_FAULTS),
  tally: tallyOpenAIAgentsRun,
  trialText: (trial) => JSON.stringify(trial),
  trialSize: (trial) =>
    [
      counted(trial.script.filter((turn) => (turn.calls?.length ?? 0) > 0).length, 'tool turn'),
      `approvals ${trial.approval}`,
      counted(trial.crashes.length, 'crash', 'crashes'),
    ].join(', '),
  protocolOf: (trial) => trial.protocol,
};
