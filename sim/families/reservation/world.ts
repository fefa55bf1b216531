import {
  intentionId,
  type Intention,
  type Protocol,
  type ProtocolContext,
  type ProtocolSettings,
  type WarehouseClient,
} from '../../../protocols/reservation/types.js';
import { isCrash } from '../../engine/crash.js';
import type { World, WorldLife, WorldSpec } from '../../engine/family.js';
import { joinWorkers } from '../../engine/runner.js';
import { warehouseClient } from './warehouse-client.js';

export type ReservationSpec = WorldSpec<Protocol, readonly Intention[], ProtocolSettings>;

/**
 * An update spends time on the wire before the warehouse sees it: a
 * scheduling point (no boundary, no crash) before each call, so another
 * worker's later update may overtake it, as on a real network. Without it a
 * claim and its effect would run as one step, and two relays could never
 * deliver one object's updates out of the caller's order. Only updates get
 * it: every other request commutes with the requests it could overtake (a
 * plain reservation, the same request sent twice), so interleaving their
 * transit would multiply the schedules exploration walks without changing
 * any verdict.
 */
function inTransit(client: WarehouseClient, travel: () => Promise<void>): WarehouseClient {
  return {
    async reserve(request) {
      if (request.params.update) await travel();
      return client.reserve(request);
    },
  };
}

/**
 * The relay workers of a life: the same loop each, whose name is only the
 * lease owner it writes and compares with its own (interchangeable workers).
 */
export function relayNames(workers: number): string[] {
  return Array.from({ length: workers }, (_, n) => `relay-${n + 1}`);
}

/**
 * One life of the reservation world, the same in the first attempt and in
 * every recovery: the caller presents each intention (again, after a crash:
 * same tenant, same key, same params), then the relay workers drain the
 * outbox concurrently.
 */
export function reservationWorld(spec: ReservationSpec): World {
  const contextFor = (life: WorldLife, worker: string): ProtocolContext => {
    const base = life.context(worker);
    return {
      orchestrator: base.orchestrator,
      warehouse: inTransit(warehouseClient(base.receiver('warehouse')), () => life.injector.pause(worker, 'in-transit')),
      cut: base.cut,
      nowMs: base.nowMs,
      worker,
      life: life.index,
      settings: spec.settings,
    };
  };

  async function drain(life: WorldLife, worker: string): Promise<void> {
    const ctx = contextFor(life, worker);
    for (let round = 0; round < spec.roundsMax; round++) {
      const wait = await spec.protocol.relay(ctx);
      if (!wait) return;
      // Work is pending but not due (a lease or a retry delay). Idle at a scheduling
      // point, so another worker may finish first, then let virtual time pass.
      await life.injector.pause(worker, 'idle');
      life.history.record({ atMs: life.clock.nowMs(), life: life.index, worker, type: 'idle', op: 'nothing due', value: wait.waitUntilMs });
      await life.clock.waitUntilMs(wait.waitUntilMs);
    }
  }

  return {
    async live(life) {
      const caller = contextFor(life, 'caller');
      for (const intention of spec.workload) {
        const at = () => ({ atMs: life.clock.nowMs(), life: life.index, worker: 'caller', op: 'submit', value: intentionId(intention) });
        life.history.record({ ...at(), type: 'invoke' });
        try {
          await spec.protocol.submit(caller, intention);
        } catch (error) {
          if (isCrash(error)) life.history.record({ ...at(), type: 'info' });
          throw error;
        }
        life.history.record({ ...at(), type: 'ok' });
      }

      // Once faults have stopped, one relay drains alone: no lease can be taken over.
      const workers = life.quiet ? 1 : spec.workers;
      await joinWorkers(relayNames(workers).map((worker) => drain(life, worker)));
    },
  };
}
