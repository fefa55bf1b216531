import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRESH_SEED_VARIABLE, freshSeed } from '../../check/fresh-seeds.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { effectsFor, refundModule, userProject } from './testing/user-project.js';

/** The refund keyed as tool-node-key-from-task keys it: LangGraph's task id and the call's id, on an API that keeps receipts. */
const KEYED_GRAPH = refundModule().replace(
  "tool(async (args) => JSON.stringify(await effects.apply('refund', args)), {",
  "tool(async (args, config) => JSON.stringify(await effects.apply('refund', args, { key: `${config.executionInfo.taskId}:${config.toolCall.id}` })), {",
).replace("export const name = 'refund-graph';", "export const name = 'keyed-refund-graph';\nexport const contract = 'atomic-receipt';");

const project = userProject(join(tempFolder('langgraph-user-check'), 'project'), {
  'refund-graph.ts': refundModule(),
  'keyed-refund-graph.ts': KEYED_GRAPH,
});

describe("sim check and sim explore on a user's graph module: its own tool calls, not the examples' email", () => {
  it('sim check finds the refund repeated, and its kept replay holds two refunds in effects.db', async () => {
    const run = await runCli(['check', '--family', 'langgraph', '--protocol', 'refund-graph.ts', '--runs', '30', '--seed', '3'], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('duplicate: refund:order-7 took effect 2 times; 1 without a crash');
    const kept = /kept: +(\S+)/.exec(run.stdout)![1]!;
    expect(effectsFor(join(project, kept, 'effects.db'), 'refund:order-7')).toBe(2);
  }, 240_000);

  it(`sim check holds the keyed refund on a fresh seed (${FRESH_SEED_VARIABLE}=S runs seed S)`, async () => {
    const drawn = freshSeed(process.env);
    if (typeof drawn === 'string') throw new Error(drawn);
    const seed = String(drawn);
    const run = await runCli(['check', '--family', 'langgraph', '--protocol', 'keyed-refund-graph.ts', '--runs', '30', '--seed', seed], project);
    expect(run.stdout, `seed ${seed}`).toMatch(/✓ effects-once/);
    expect(run.code, `seed ${seed}`).toBe(0);
  }, 240_000);

  it('sim explore finds the duplicate in the plain refund and none in the keyed one', async () => {
    const plain = await runCli(['explore', '--family', 'langgraph', '--protocol', 'refund-graph.ts'], project);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('intentions 1 (thread refund-graph: refund:order-7');
    expect(plain.stdout).toMatch(/duplicate: \d+ schedules?; .*refund:order-7 took effect 2 times/);
    const keyed = await runCli(['explore', '--family', 'langgraph', '--protocol', 'keyed-refund-graph.ts'], project);
    expect(keyed.stdout).toContain('no violation');
    expect(keyed.code).toBe(0);
  }, 240_000);
});
