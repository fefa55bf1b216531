import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toolNodeKeyFromTask } from '../../../protocols/langgraph/tool-node-key-from-task.js';
import { toolNodeWithoutKey } from '../../../protocols/langgraph/tool-node-without-key.js';
import type { CrashPoint } from '../../engine/injector.js';
import { runFamily } from '../../engine/run-family.js';
import type { Life } from '../../engine/runner.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { langgraphFamily } from './family.js';
import { TABLE_WORKLOAD } from './workload.js';

const folder = tempFolder('langgraph-saver');

function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Runs tool-node-without-key crashed at `point`, and counts rows of the orchestrator file as the first life left it. */
async function leftByFirstLife(name: string, point: CrashPoint, sql: string): Promise<number> {
  let left = -1;
  const outcome = await runFamily(langgraphFamily, {
    protocol: toolNodeWithoutKey,
    workload: TABLE_WORKLOAD,
    folder: join(folder, name),
    plan: [point],
    livesMax: 4,
    afterLife: (life: Life) => {
      if (life.index === 0) left = count(join(folder, name, 'orchestrator.db'), sql);
    },
  });
  expect(outcome.crashes).toMatchObject([{ cut: point.cut, life: 0 }]);
  expect(outcome.end).toEqual({ kind: 'completed' });
  return left;
}

describe("LangGraph's SqliteSaver on the orchestrator file, with a cut on each side of its writes", () => {
  it('a crash before putWrites commits leaves none of its rows; a crash after it leaves them all', async () => {
    const sql = 'SELECT COUNT(*) AS n FROM writes';
    // The third putWrites of the run is the tools node's: its message and its branch back to the agent.
    const before = await leftByFirstLife('writes-put', { life: 0, cut: 'writes-put', nth: 3 }, sql);
    const after = await leftByFirstLife('writes-saved', { life: 0, cut: 'writes-saved', nth: 3 }, sql);
    expect(before).toBeGreaterThan(0);
    expect(after - before).toBe(2);
  });

  it('a crash before put commits leaves no checkpoint row; a crash after it leaves one more', async () => {
    const sql = 'SELECT COUNT(*) AS n FROM checkpoints';
    const before = await leftByFirstLife('checkpoint-put', { life: 0, cut: 'checkpoint-put', nth: 3 }, sql);
    const after = await leftByFirstLife('checkpoint-saved', { life: 0, cut: 'checkpoint-saved', nth: 3 }, sql);
    expect(before).toBe(2);
    expect(after).toBe(3);
  });
});

describe('the id LangGraph keeps when it re-runs an interrupted task: the task id', () => {
  it('the tools task re-run after a crash at effect-applied sends the same key, so the receipt replays it: one email', async () => {
    const outcome = await runFamily(langgraphFamily, {
      protocol: toolNodeKeyFromTask,
      workload: TABLE_WORKLOAD,
      folder: join(folder, 'task-id'),
      plan: [{ life: 0, cut: 'effect-applied' }],
      livesMax: 4,
      writeHistory: true,
    });
    expect(outcome.crashes).toMatchObject([{ cut: 'effect-applied', life: 0 }]);
    const history = readFileSync(outcome.files.history, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; op: string; life: number; value?: { key?: string; replayed?: boolean } })
      .filter((event) => event.op === 'send_email');
    const sent = history.filter((event) => event.type === 'invoke');
    const replayed = history.filter((event) => event.type === 'ok').map((event) => event.value?.replayed);
    // Sent in the first life, and again by the re-run in the second; the history shows the task id's place, not its value.
    expect(sent.map((event) => event.life)).toEqual([0, 1]);
    expect(sent.map((event) => event.value?.key)).toEqual(['task-id:call_1', 'task-id:call_1']);
    // The receiver holds one email and one receipt, under the key the first send carried: `<task id>:<tool call id>`.
    const effects = join(folder, 'task-id', 'effects.db');
    expect(count(effects, 'SELECT COUNT(*) AS n FROM effects')).toBe(1);
    const db = new Database(effects, { readonly: true });
    const first = (db.prepare('SELECT request_key FROM effects').get() as { request_key: string }).request_key;
    db.close();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}:call_1$/);
    expect(count(effects, `SELECT COUNT(*) AS n FROM receipts WHERE request_key = '${first}'`)).toBe(1);
    // The first reply was lost in the crash; the second send was that key's replay: the re-run had the same task id.
    expect(replayed).toEqual([true]);
    // The re-run's writes are saved under that very task id in LangGraph's own table.
    const taskId = first.split(':')[0];
    expect(count(join(folder, 'task-id', 'orchestrator.db'), `SELECT COUNT(*) AS n FROM writes WHERE task_id = '${taskId}'`)).toBe(2);
  });
});
