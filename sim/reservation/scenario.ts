import { intentionId, type Intention, type Protocol, type ProtocolSettings } from '../../protocols/types.js';
import { isCrash } from '../engine/crash.js';
import { joinWorkers, type Life, type Scenario } from '../engine/runner.js';
import { contextFactory } from './context.js';
import type { CaseFiles } from './stores.js';

export interface ReservationRun {
  protocol: Protocol;
  intentions: readonly Intention[];
  files: CaseFiles;
  settings: ProtocolSettings;
  /** Relay workers draining the one outbox concurrently. */
  workers: number;
  /** Bound on relay rounds per worker and life; a protocol that keeps work pending past it is stuck. */
  relayRoundsMax: number;
}

/**
 * One life of the reservation scenario, the same in the first attempt and in
 * every recovery: the caller presents each intention (again, after a crash:
 * same tenant, same key), then the relay workers drain the outbox.
 */
export function reservationScenario(run: ReservationRun): Scenario {
  return {
    async live(life: Life) {
      const orchestrator = life.connections.open(run.files.orchestrator);
      const warehouse = life.connections.open(run.files.warehouse);
      const contextFor = contextFactory(run.protocol, life, { orchestrator, warehouse }, run.settings);

      const caller = contextFor('caller');
      for (const intention of run.intentions) {
        const id = intentionId(intention);
        const at = () => ({ atMs: life.clock.nowMs(), life: life.index, worker: 'caller', op: 'submit', value: id });
        life.history.record({ ...at(), type: 'invoke' });
        try {
          await run.protocol.submit(caller, intention);
        } catch (error) {
          if (isCrash(error)) life.history.record({ ...at(), type: 'info' });
          throw error;
        }
        life.history.record({ ...at(), type: 'ok' });
      }

      const relays = Array.from({ length: run.workers }, (_, n) => drain(contextFor(`relay-${n + 1}`)));
      await joinWorkers(relays);

      async function drain(ctx: ReturnType<typeof contextFor>): Promise<void> {
        for (let round = 0; round < run.relayRoundsMax; round++) {
          const wait = await run.protocol.relay(ctx);
          if (!wait) return;
          // Work is pending but not due (a lease or a retry delay): let virtual time pass.
          life.clock.advanceToMs(wait.waitUntilMs);
        }
      }
    },
  };
}
