import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkpointAfterStep } from '../../protocols/plan/checkpoint-after-step.js';
import type { Checkpoint, StepState } from '../../protocols/plan/types.js';
import { KEEP_RECEIPTS } from '../../protocols/receivers/types.js';
import type { JudgedRun } from '../engine/family.js';
import { NO_TRANSPORT_FAULTS } from '../engine/family.js';
import type { RunEnd } from '../engine/runner.js';
import { observePlan } from '../families/plan/observe.js';
import type { PlanWorldSpec } from '../families/plan/plan-world.js';
import { PLAN_ORCHESTRATOR_SCHEMA } from '../families/plan/sqlite-checkpoint.js';
import { CALM_TOOLS } from '../families/plan/tool-behaviour.js';
import { toolServer } from '../families/plan/tool-server.js';
import { DEFAULT_PLAN_SETTINGS, type PlanWorkload } from '../families/plan/workload.js';

/** What a planted plan run holds: the steps as the checkpoint says, and the tool server's rows. */
export interface PlantedPlan {
  workload: PlanWorkload;
  /** The checkpoint's steps; no checkpoint at all when left out. */
  steps?: readonly StepState[];
  /** One row in `writes` per oracle tag given (`<step>:<file>`), in order. */
  writes?: readonly string[];
  /** How many calls the gateway received. */
  calls?: number;
  /** Gate commands the tool server ran, by the step's gate tag (`<step>:gate`), passed or not. */
  gateRuns?: readonly { intention: string; passed: boolean }[];
  /** What a read tool found; the calm tools' 3 when left out. */
  searchResults?: number;
  end?: RunEnd;
}

/**
 * A plan run made by hand: the rows are written into real SQLite stores (the
 * tool server's and the orchestrator's schemas, the checkpoint in the
 * orchestrator's row) and read back with the family's own observer, so a
 * planted violation reaches a check as a simulated one would.
 */
export function plantedPlanRun(plant: PlantedPlan): JudgedRun {
  const server = new Database(':memory:');
  const orchestrator = new Database(':memory:');
  // An empty case folder: no JSON checkpoint file in it, so the observer reads the orchestrator's row.
  const folder = mkdtempSync(join(tmpdir(), 'cutpoint-planted-plan-'));
  try {
    server.exec(toolServer.schema);
    orchestrator.exec(PLAN_ORCHESTRATOR_SCHEMA);
    server
      .prepare('INSERT INTO tool_config (id, body) VALUES (1, ?)')
      .run(JSON.stringify({ ...CALM_TOOLS, searchResults: plant.searchResults ?? CALM_TOOLS.searchResults }));
    const write = server.prepare(
      `INSERT INTO writes (intention_id, request_key, path, content, applied_at_ms) VALUES (?, 'k', 'f', 'c', 0)`,
    );
    for (const intention of plant.writes ?? []) write.run(intention);
    const call = server.prepare(
      `INSERT INTO calls (life, worker, tool, args, request_key, at_ms, in_window, outcome) VALUES (0, 'loop-1', 't', '{}', 'k', 0, 0, 'ok')`,
    );
    for (let n = 0; n < (plant.calls ?? 0); n += 1) call.run();
    const gate = server.prepare(`INSERT INTO gate_runs (command, intention_id, passed, at_ms) VALUES ('g', ?, ?, 0)`);
    for (const { intention, passed } of plant.gateRuns ?? []) gate.run(intention, passed ? 1 : 0);
    if (plant.steps) orchestrator.prepare('INSERT INTO checkpoint (id, body) VALUES (1, ?)').run(JSON.stringify(checkpointOf(plant.steps)));
    const spec: PlanWorldSpec = {
      // The observer reads no protocol; the correct loop stands in for whichever left these rows.
      protocol: checkpointAfterStep,
      workload: plant.workload,
      files: { folder, stores: {}, history: join(folder, 'history.jsonl') },
      settings: DEFAULT_PLAN_SETTINGS,
      receiverSettings: KEEP_RECEIPTS,
      faults: NO_TRANSPORT_FAULTS,
      workers: 1,
      roundsMax: 1,
      discoverBoundaries: false,
    };
    const stores = <T>(store: string, read: (db: Database.Database) => T): T => read(store === toolServer.name ? server : orchestrator);
    return { ...observePlan(stores, spec), end: plant.end ?? { kind: 'completed' } };
  } finally {
    server.close();
    orchestrator.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

function checkpointOf(steps: readonly StepState[]): Checkpoint {
  const done = steps.filter((step) => step.status === 'done').length;
  return {
    run_id: 'run-0-loop-1-0',
    plan_hash: 'planted',
    current_step: done,
    steps: steps.map((step) => ({ ...step })),
    calls_used: 0,
    rate: { limited: 0, retry_after_until_ms: null },
    context: { summary: null, outputs: [], peak_chars: 0 },
    status: done === steps.length ? 'completed' : 'running',
  };
}
