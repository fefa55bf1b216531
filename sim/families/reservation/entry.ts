import type { AnySuite } from '../../check/suite.js';
import type { FamilyEntry } from '../family-entry.js';

/** The reservation family (seed 004) before it is loaded: the registry's entry. */
export const reservationEntry: FamilyEntry = {
  name: 'reservation',
  servedReceivers: ['warehouse'],
  summary: 'seed 004: intention + outbox + relay against a warehouse; N = reservations per intention',
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
  stressProtocols: ['outbox-dedup', 'check-then-act', 'outbox-no-dedup'],
  checkOverHttp: true,
  load: async () => (await import('./family.js')).reservationFamily,
  properties: async () => (await import('../../../scenarios/reservation/properties/suite.js')).RESERVATION_SUITE as unknown as AnySuite,
  sweeps: async () => {
    const { runSweeps, sweepsTrialCount } = await import('../../../scenarios/reservation/sweeps/run-sweeps.js');
    return { trialCount: sweepsTrialCount, run: runSweeps };
  },
};
