import type { Checkpoint } from '../../../protocols/plan/types.js';
import type { Connection } from '../../engine/connections.js';
import type { Observation, StoreReader, TableRows } from '../../engine/family.js';
import { durableCheckpoint } from './durable-checkpoint.js';
import { RESULTS_GATE } from './gates.js';
import type { PlanWorldSpec } from './plan-world.js';
import { readToolBehaviour, toolServer } from './tool-server.js';
import { writeIntentions } from './workload.js';

function tables(db: Connection): Record<string, TableRows> {
  const names = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[];
  return Object.fromEntries(names.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all() as TableRows]));
}

/**
 * Steps the checkpoint marks done whose gate never passed on the tool server:
 * a command gate with no passing run for the step, or `results > 0` when the
 * tool server found nothing.
 */
function advancedOnFailingGate(server: Connection, checkpoint: Checkpoint | undefined, spec: PlanWorldSpec): number {
  if (!checkpoint) return 0;
  const behaviour = readToolBehaviour(server);
  const passedRun = server.prepare('SELECT 1 FROM gate_runs WHERE intention_id = ? AND passed = 1');
  return checkpoint.steps.filter((state) => {
    if (state.status !== 'done') return false;
    const step = spec.workload.plan.steps.find((candidate) => candidate.id === state.id);
    if (!step) return false;
    if (RESULTS_GATE.test(step.gate)) return behaviour.searchResults <= 0;
    return passedRun.get(`${step.id}:gate`) === undefined;
  }).length;
}

/**
 * The checker of the plan family, with connections of its own after every
 * life ended: N per planned write (rows in the tool server's `writes`), and
 * beside it the calls the gateway received against the budget, calls made
 * inside a Retry-After window, 429s, timeouts, steps done, the context's
 * peak, and steps that advanced without their gate passing.
 */
export function observePlan(stores: StoreReader, spec: PlanWorldSpec): Observation {
  const read = durableCheckpoint(stores, spec);
  const checkpoint = read.kind === 'found' ? read.checkpoint : undefined;
  return stores(toolServer.name, (server) => {
    const count = server.prepare('SELECT count(*) AS n FROM writes WHERE intention_id = ?');
    const effects = Object.fromEntries(
      writeIntentions(spec.workload.plan).map((intention) => [intention, (count.get(intention) as { n: number }).n]),
    );
    const calls = server
      .prepare(
        `SELECT count(*) AS calls, coalesce(sum(in_window), 0) AS inWindow,
                coalesce(sum(outcome = '429'), 0) AS limited, coalesce(sum(outcome = 'timeout'), 0) AS timeouts
         FROM calls`,
      )
      .get() as { calls: number; inWindow: number; limited: number; timeouts: number };
    const metrics: Record<string, number> = {
      calls: calls.calls,
      budget_calls: spec.workload.plan.budget_calls,
      calls_in_window: calls.inWindow,
      rate_limited: calls.limited,
      timeouts: calls.timeouts,
      steps_done: checkpoint ? checkpoint.steps.filter((state) => state.status === 'done').length : 0,
      completed: checkpoint?.status === 'completed' ? 1 : 0,
      checkpoint_readable: read.kind === 'unreadable' ? 0 : 1,
      context_peak_chars: checkpoint?.context.peak_chars ?? 0,
      advanced_on_failing_gate: advancedOnFailingGate(server, checkpoint, spec),
      // The 429s the loop wrote down in its checkpoint: a durable record, unlike a reply that died with the process.
      rate_limited_recorded: checkpoint?.rate.limited ?? 0,
    };
    const state = {
      [toolServer.name]: tables(server),
      orchestrator: stores('orchestrator', tables),
      checkpoint: { checkpoint: checkpoint ? [checkpoint as unknown as Record<string, unknown>] : [] },
    };
    return { effects, metrics, state };
  });
}
