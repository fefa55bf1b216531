import type { PlanContext, PlanProtocol, PlanSettings } from '../../../protocols/plan/types.js';
import { existsSync, readdirSync } from 'node:fs';
import { immediateTransaction, openSqlite } from '../../engine/connections.js';
import type { World, WorldLife, WorldSpec } from '../../engine/family.js';
import { joinWorkers } from '../../engine/runner.js';
import { atomicJsonCheckpoint } from './json-checkpoint.js';
import { checkpointFile, durableCheckpoint } from './durable-checkpoint.js';
import { sqliteLeaseCheckpoint } from './sqlite-checkpoint.js';
import { ToolGateway } from './tool-gateway.js';
import { toolServer } from './tool-server.js';
import type { PlanWorkload } from './workload.js';

export type PlanWorldSpec = WorldSpec<PlanProtocol, PlanWorkload, PlanSettings>;

/**
 * One process life of the plan family, the same in the first attempt and in
 * every recovery: the tool server is given its behaviour (once; it is the
 * remote's own configuration), then each worker runs the plan loop from
 * wherever the checkpoint says, and how it ended is logged.
 */
export function planWorld(spec: PlanWorldSpec): World {
  return {
    async live(life: WorldLife) {
      if (!existsSync(spec.files.folder)) {
        throw new Error(
          `the plan family keeps its JSON checkpoint in a real file beside the stores, and this case has no folder (${spec.files.folder}): run it on the file medium (the family says needsRealFolder)`,
        );
      }
      const server = life.connections.open(spec.files.stores[toolServer.name] as string);
      await life.retryBusy(() =>
        immediateTransaction(server, (db) =>
          db.prepare('INSERT OR IGNORE INTO tool_config (id, body) VALUES (1, ?)').run(JSON.stringify(spec.workload.tools)),
        ),
      );
      recordDurableCheckpoint(life, spec, 'runner', 'checkpoint-at-start');
      // Once faults have stopped, one loop runs alone.
      const workers = life.quiet ? 1 : spec.workers;
      const loops = Array.from({ length: workers }, async (_, n) => {
        // A stress worker's loop carries its process's name: the lease owner and the temporary file are each its own.
        const worker = `${spec.workload.loopPrefix ?? ''}loop-${n + 1}`;
        const ctx = planContext(life, spec, worker, new ToolGateway(life.context(worker).receiver(toolServer.name), life, worker));
        const status = await spec.protocol.run(ctx);
        await ctx.orchestrator.transaction((db) =>
          db.prepare('INSERT INTO loop_ends (life, worker, status) VALUES (?, ?, ?)').run(life.index, ctx.worker, status),
        );
        life.history.record({
          atMs: life.clock.nowMs(),
          life: life.index,
          worker: ctx.worker,
          type: 'info',
          op: 'loop-ended',
          value: status,
        });
      });
      await joinWorkers(loops);
    },
  };
}

/**
 * Records, for the checker, the checkpoint that is durable now (the JSON file,
 * else the orchestrator's row), read with a connection of its own: whether it
 * is readable, its run and the steps it marks done.
 */
function recordDurableCheckpoint(life: WorldLife, spec: PlanWorldSpec, worker: string, op: string): void {
  const read = durableCheckpoint((store, work) => {
    const db = openSqlite(spec.files.stores[store] as string);
    try {
      return work(db);
    } finally {
      db.close();
    }
  }, spec);
  const value =
    read.kind === 'found'
      ? {
          readable: true,
          run: read.checkpoint.run_id,
          done: read.checkpoint.steps.filter((step) => step.status === 'done').map((step) => step.id),
        }
      : { readable: read.kind === 'none', run: null, done: [] };
  // Temporary files a killed writer left beside the checkpoint: recovery must ignore them (and its next write replaces its own).
  const leftovers = existsSync(spec.files.folder)
    ? readdirSync(spec.files.folder)
        .filter((name) => name.endsWith('.tmp'))
        .sort()
    : [];
  life.history.record({ atMs: life.clock.nowMs(), life: life.index, worker, type: 'info', op, value: { ...value, leftovers } });
}

function planContext(life: WorldLife, spec: PlanWorldSpec, worker: string, tools: ToolGateway): PlanContext {
  const base = life.context(worker);
  const plan = life.index > 0 && spec.workload.planAfterRestart ? spec.workload.planAfterRestart : spec.workload.plan;
  return {
    worker,
    life: base.life,
    async cut(name) {
      // The checker's own reading of what is durable once a step's checkpoint is in place, before the crash can fall there.
      if (name === 'checkpoint-committed') recordDurableCheckpoint(life, spec, worker, 'checkpoint-durable');
      await base.cut(name);
    },
    nowMs: base.nowMs,
    orchestrator: base.orchestrator,
    plan,
    tools,
    async waitUntilMs(targetMs) {
      // A scheduling point first, so another worker may run while this one waits.
      await life.injector.pause(worker, 'wait');
      life.history.record({ atMs: life.clock.nowMs(), life: life.index, worker, type: 'idle', op: 'wait', value: targetMs });
      await life.clock.waitUntilMs(targetMs);
    },
    checkpointFile: checkpointFile(spec),
    checkpoints: {
      atomicJson: () => atomicJsonCheckpoint(checkpointFile(spec), worker, (kind) => life.wrote(worker, kind)),
      sqliteLease: () => sqliteLeaseCheckpoint(base),
    },
    settings: spec.settings,
  };
}
