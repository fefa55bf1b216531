import type { AnySuite } from '../../check/suite.js';
import type { FamilyEntry } from '../family-entry.js';

/** The plan family (seed 000) before it is loaded: the registry's entry. */
export const planEntry: FamilyEntry = {
  name: 'plan',
  servedReceivers: ['tool-server'],
  summary: 'seed 000: plan file, gated steps, checkpoint, call budget, idempotent write tools, rate limits, slow tools',
  protocolNames: [
    'checkpoint-after-step',
    'tool-without-key',
    'mark-done-first',
    'checkpoint-in-place',
    'budget-in-memory',
    'backoff-in-memory',
    'gate-as-opinion',
    'no-summary',
    'checkpoint-lease',
  ],
  inputs: [
    {
      flag: '--plan <file>',
      help: "your plan file (JSON, checked against the plan schema) instead of the seed's",
      commands: ['table'],
    },
    {
      flag: '--crash-step <id>',
      help: 'the write step of your plan each table case crashes during (default: the first step that writes a file)',
      commands: ['table'],
      requires: { flag: '--plan', why: "--crash-step names a write step of your plan (the seed's plan has one)" },
    },
  ],
  checkOverHttp: true,
  load: async () => (await import('./plan-family.js')).planFamily,
  properties: async () => (await import('../../../scenarios/plan/properties/suite.js')).PLAN_SUITE as unknown as AnySuite,
};
