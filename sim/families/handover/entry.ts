import type { AnySuite } from '../../check/suite.js';
import type { AnyFamily } from '../../engine/run-case.js';
import { wholeNumberInput } from '../../engine/whole-number.js';
import type { FamilyEntry } from '../family-entry.js';
import { JUDGE_TIMEOUT_MAX_MS, JUDGE_TIMEOUT_MS } from './eval/judge-timeout.js';
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
    {
      flag: '--rules <file>',
      help: 'your own guardrail rules before, around and after the model, ahead of the built-in checks: a JSON file of phrases and regular expressions, or a module (.ts, .js) of checks; measured only',
      commands: ['table', 'check', 'eval'],
      watched: true,
    },
    {
      flag: '--judge <file>',
      help: 'your own judge of context quality, a module exporting judge({ id, facts, context, turns }) → { carried } (default: the deterministic per-fact check)',
      commands: ['eval'],
      watched: true,
    },
    {
      flag: '--judge-timeout-ms <ms>',
      help: `with --judge: the wall time one call of your judge may take; a call still pending after it leaves that handover not judged, counted (default ${JUDGE_TIMEOUT_MS})`,
      commands: ['eval'],
      parse: wholeNumberInput('judge-timeout-ms', 1, JUDGE_TIMEOUT_MAX_MS),
      requires: { flag: '--judge', why: '--judge-timeout-ms times the calls of your own judge' },
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
