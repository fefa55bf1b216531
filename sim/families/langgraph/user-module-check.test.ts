import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRESH_SEED_VARIABLE, freshSeed } from '../../check/fresh-seeds.js';
import { runCli } from '../../cli/testing/run-cli.js';
import type { CheckResults } from '../../results/check-results.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { effectsFor, ORDER_INTENTION, REFUND_GRAPH, refundModule, userProject } from './testing/user-project.js';

/** The refund keyed as tool-node-key-from-task keys it: LangGraph's task id and the call's id, on an API that keeps receipts. */
const KEYED_GRAPH = refundModule(REFUND_GRAPH, `${ORDER_INTENTION}export const contract = 'atomic-receipt';\n`).replace(
  "tool((args) => effects.apply('refund', args),",
  "tool((args, config) => effects.apply('refund', args, { key: `${config.executionInfo.taskId}:${config.toolCall.id}` }),",
);

const project = userProject(join(tempFolder('langgraph-user-check'), 'project'), {
  'refund-graph.ts': refundModule(REFUND_GRAPH, ORDER_INTENTION),
  'keyed-refund-graph.ts': KEYED_GRAPH,
});

/** The counterexample's trial as a run prints it: the JSON line under its kept folder (check) or its first line (replay). */
const trialLine = (stdout: string) => stdout.split('\n').map((line) => line.trim()).find((line) => line.startsWith('{"protocol"'));

describe("sim check and sim explore on a user's graph module: its own tool calls, not the examples' email", () => {
  it("sim check finds the refund repeated, prints it as the module's own call, and its replay line reproduces it", async () => {
    const run = await runCli(['check', '--family', 'langgraph', '--protocol', 'refund-graph.ts', '--runs', '30', '--seed', '3'], project);
    expect(run.code).toBe(1);
    const violation = 'duplicate: refund:order-7 took effect 2 times; 1 without a crash';
    expect(run.stdout).toContain(violation);
    // The counterexample names the module's call, the one the generator's call stands for, not the examples' email.
    const trial = trialLine(run.stdout)!;
    expect(trial).toContain('{"id":"call_0_0","name":"refund","args":{"order":7,"cents":1250},"intention":"refund:order-7"}');
    expect(run.stdout).not.toContain('send_email');
    const kept = /kept: +(\S+)/.exec(run.stdout)![1]!;
    expect(effectsFor(join(project, kept, 'effects.db'), 'refund:order-7')).toBe(2);
    const results = JSON.parse(readFileSync(join(project, dirname(kept), 'results.json'), 'utf8')) as CheckResults;
    expect(JSON.stringify(results.properties[0]?.counterexample?.trial)).toBe(trial);

    const replayLine = /replay: npx sim (.+)/.exec(run.stdout)![1]!;
    const replay = await runCli(replayLine.split(' '), project);
    expect(replay.code).toBe(1);
    expect(trialLine(replay.stdout)).toBe(trial);
    expect(replay.stdout).toContain(`violation: ${violation}`);
    const replayKept = /^kept: (\S+)/m.exec(replay.stdout)![1]!;
    expect(effectsFor(join(project, replayKept, 'effects.db'), 'refund:order-7')).toBe(2);
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
