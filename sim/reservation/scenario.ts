import { intentionId, type Intention, type Protocol, type ProtocolSettings, type WarehouseSettings } from '../../protocols/types.js';
import { isCrash } from '../engine/crash.js';
import { joinWorkers, type Life, type Scenario } from '../engine/runner.js';
import { contextFactory, type ContextFactory } from './context.js';
import type { CaseFiles } from './stores.js';
import type { TransportState } from './transport-faults.js';

export interface ReservationRun {
  protocol: Protocol;
  intentions: readonly Intention[];
  files: CaseFiles;
  settings: ProtocolSettings;
  warehouse: WarehouseSettings;
  transport: TransportState;
  /** Relay workers draining the one outbox concurrently. */
  workers: number;
  /** Bound on relay rounds per worker and life; a protocol that keeps work pending past it is stuck. */
  relayRoundsMax: number;
  /** Every commit is a boundary too (cut discovery). */
  discoverBoundaries: boolean;
}

/**
 * One life of the reservation scenario, the same in the first attempt and in
 * every recovery: the caller presents each intention (again, after a crash:
 * same tenant, same key, same params), then the relay workers drain the
 * outbox concurrently.
 */
export function reservationScenario(run: ReservationRun): Scenario {
  return {
    async live(life: Life) {
      const orchestrator = life.connections.open(run.files.orchestrator);
      const warehouse = life.connections.open(run.files.warehouse);
      const contextFor = contextFactory({ ...run, life, databases: { orchestrator, warehouse } });

      const caller = contextFor('caller');
      for (const intention of run.intentions) {
        const at = () => ({ atMs: life.clock.nowMs(), life: life.index, worker: 'caller', op: 'submit', value: intentionId(intention) });
        life.history.record({ ...at(), type: 'invoke' });
        try {
          await run.protocol.submit(caller, intention);
        } catch (error) {
          if (isCrash(error)) life.history.record({ ...at(), type: 'info' });
          throw error;
        }
        life.history.record({ ...at(), type: 'ok' });
      }

      // Once faults have stopped, one relay drains alone: no lease can be taken over.
      const workers = life.quiet ? 1 : run.workers;
      const relays = Array.from({ length: workers }, (_, n) => drain(life, contextFor, `relay-${n + 1}`));
      await joinWorkers(relays);
    },
  };

  async function drain(life: Life, contextFor: ContextFactory, worker: string): Promise<void> {
    const ctx = contextFor(worker);
    for (let round = 0; round < run.relayRoundsMax; round++) {
      const wait = await run.protocol.relay(ctx);
      if (!wait) return;
      // Work is pending but not due (a lease or a retry delay). Idle at a scheduling
      // point, so another worker may finish first, then let virtual time pass.
      await life.injector.pause(worker, 'idle');
      life.history.record({ atMs: life.clock.nowMs(), life: life.index, worker, type: 'idle', op: 'nothing due', value: wait.waitUntilMs });
      life.clock.advanceToMs(wait.waitUntilMs);
    }
  }
}
