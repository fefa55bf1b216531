import type { AnySuite } from '../../check/suite.js';
import type { AnyFamily } from '../../engine/run-case.js';
import { wholeNumberInput } from '../../engine/whole-number.js';
import type { FamilyEntry } from '../family-entry.js';
import { MODEL_CALL_TIMEOUT_MAX_MS, MODEL_TIMEOUT_HELP } from './model-call-timeout.js';

/** The handover family (seed 002) before it is loaded: the registry's entry. */
export const handoverEntry: FamilyEntry = {
  name: 'handover',
  summary: 'typed transfers along a graph, a cap and the active agent that survive restarts, one ticket and one notice per handover',
  protocolNames: [
    'reference-harness',
    'enqueue-without-key',
    'notify-before-ticket',
    'count-in-memory',
    'active-agent-in-memory',
    'answers-after-handover',
    'reset-forgotten',
  ],
  inputs: [
    {
      flag: '--policy <file>',
      help: 'your own model, a module exporting respond(conversation, tools); measured only',
      commands: ['table', 'check', 'eval'],
      watched: true,
      helpIn: {
        check: 'check the harness around your own model instead of the generated adversary',
        eval: 'the policy under evaluation: a module exporting respond(conversation, tools) (default: the reference)',
      },
    },
    {
      flag: '--graph <file>',
      help: 'your own handover graph as JSON (router, specialists, human targets); measured only',
      commands: ['table', 'check', 'eval'],
      helpIn: {
        check: 'check with your own handover graph (JSON)',
        eval: 'your own handover graph, as JSON (default: router, appointments, information, human_nurse)',
      },
    },
    {
      flag: '--model-timeout-ms <ms>',
      help: MODEL_TIMEOUT_HELP,
      commands: ['table', 'check', 'eval'],
      parse: wholeNumberInput('model-timeout-ms', 1, MODEL_CALL_TIMEOUT_MAX_MS),
      requires: { flag: '--policy', why: '--model-timeout-ms times the calls of your own model' },
    },
  ],
  view: {
    description:
      'the handover family (seed 002): a case as a conversation (table: sim table --family handover; properties: sim check --family handover)',
    show: 'a handover case as a conversation: who said what, which agent was active, when each ticket and message was committed',
    caseDir: 'a case folder of a handover run (with orchestrator.db, human-queue.db, message-channel.db)',
  },
  load: async () => (await import('./family.js')).handoverFamily as unknown as AnyFamily,
  properties: async () => (await import('../../../scenarios/handover/properties/suite.js')).HANDOVER_SUITE as unknown as AnySuite,
  evaluation: async () => ({
    defaultSuite: async () => (await import('../../../scenarios/handover/eval/default-suite.js')).DEFAULT_SUITE_TEXT,
    prepare: async (request, cwd) => (await import('./eval/evaluation.js')).prepareEvaluation(request, cwd),
  }),
};
