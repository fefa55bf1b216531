import type { AnyFamily } from './engine/run-case.js';

/** What the CLI knows of a family before loading it: its name, its built-in protocols' names, and how to load it. */
export interface FamilyEntry {
  readonly name: string;
  readonly protocolNames: readonly string[];
  load(): Promise<AnyFamily>;
}

/**
 * Every family by name, loaded on demand. A command parses its options
 * against these names and then loads the one family it runs: `sim table`
 * does not pay for loading the plan and handover families (about a tenth
 * of a second of its start). The names must be the loaded families' own;
 * sim/families.test.ts holds the two lists to each other. Adding a family
 * is adding its folders, a line here and a line in families.ts.
 */
export const FAMILY_CATALOGUE: readonly FamilyEntry[] = [
  {
    name: 'reservation',
    protocolNames: [
      'mark-first',
      'outbox-no-dedup',
      'outbox-dedup',
      'receipt-then-effect',
      'effect-then-receipt',
      'check-then-act',
      'key-regenerated-on-resume',
      'tenant-less-receipt',
      'outbox-delete-after-publish',
      'lease-side-store',
      'async-accept',
      'retry-definitive-refusals',
      'last-writer-wins',
      'resend-whole-new-key',
      'partial-is-done',
      'async-accept-reconciled',
    ],
    load: async () => (await import('./families/reservation/family.js')).reservationFamily,
  },
  {
    name: 'plan',
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
    load: async () => (await import('./families/plan/plan-family.js')).planFamily,
  },
  {
    name: 'handover',
    protocolNames: [
      'reference-harness',
      'enqueue-without-key',
      'notify-before-ticket',
      'count-in-memory',
      'active-agent-in-memory',
      'answers-after-handover',
      'reset-forgotten',
    ],
    load: async () => (await import('./families/handover/family.js')).handoverFamily as unknown as AnyFamily,
  },
];

export const DEFAULT_FAMILY = 'reservation';

export function familyNames(): string[] {
  return FAMILY_CATALOGUE.map((entry) => entry.name);
}

export function allProtocolNames(): string[] {
  return FAMILY_CATALOGUE.flatMap((entry) => entry.protocolNames);
}

/** The name of the family a built-in protocol belongs to. */
export function familyNameOfProtocol(protocol: string): string | undefined {
  return FAMILY_CATALOGUE.find((entry) => entry.protocolNames.includes(protocol))?.name;
}

/** Loads the family named `name` (and only it); undefined for a name no family has. */
export async function loadFamily(name: string): Promise<AnyFamily | undefined> {
  return FAMILY_CATALOGUE.find((entry) => entry.name === name)?.load();
}
