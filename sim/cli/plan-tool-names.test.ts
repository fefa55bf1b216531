import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSim, spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const folder = tempFolder('plan-tools');

/** A plan whose middle step means the tool server's write tool and misspells it: without files, it names a tool. */
function planWithStep(step: object, extra: object = {}): string {
  const path = join(folder, `plan-${readdirSync(folder).length}.json`);
  const plan = {
    goal: 'document the region filter',
    budget_calls: 30,
    steps: [
      { id: 'edit', action: 'edit', files: ['src/Filters.tsx'], gate: 'npm run build' },
      { id: 'notes', ...step, gate: 'npm run build' },
    ],
    ...extra,
  };
  writeFileSync(path, JSON.stringify(plan));
  return path;
}

describe('sim table --family plan: a step names a tool the tool server knows, or the plan declares it a read', () => {
  it('a misspelt write tool is bad input: exit 2, one line naming the JSON path, the known tools and the likely one', () => {
    const plan = planWithStep({ action: 'write_fil', args: { path: 'NOTES.md', content: 'regione\n' } });
    const out = join(folder, 'typo-runs');
    const run = spawnSim(['table', '--family', 'plan', '--plan', plan, '--out', out], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `sim: ${plan}: /steps/1/action 'write_fil' is no tool the tool server knows (write_file, run_command, search_components, verify)` +
        `; did you mean 'write_file'?; a step without files calls its action as a tool: give a writing step its files, or declare a read tool of yours in "read_tools"\n`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('with --format json the refusal is one JSON document on stdout, still exit 2', () => {
    const plan = planWithStep({ action: 'lookup_docs' });
    const run = spawnSim(['table', '--family', 'plan', '--plan', plan, '--format', 'json', '--out', join(folder, 'json-runs')], folder);
    expect(run.code).toBe(2);
    const document = JSON.parse(run.stdout) as { kind: string; exitCode: number; message: string };
    expect(document.kind).toBe('error');
    expect(document.exitCode).toBe(2);
    expect(document.message).toMatch(/^.*plan-\d+\.json: \/steps\/1\/action 'lookup_docs' is no tool the tool server knows \(/);
    // Nothing close to it: no guess is offered.
    expect(document.message).not.toContain('did you mean');
  });

  it("a server tool declared a read is refused too: 'write_file' stays the counted write", () => {
    const plan = planWithStep({ action: 'search_components' }, { read_tools: ['lookup_docs', 'write_file'] });
    const run = spawnSim(['table', '--family', 'plan', '--plan', plan, '--out', join(folder, 'declared-runs')], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`sim: ${plan}: /read_tools/1 'write_file' is one of the tool server's own tools, not a read tool\n`);
  });

  it("a 'results > 0' gate on a writing step is bad input: before, every case failed as a cut never reached", () => {
    const plan = planWithStep({ action: 'edit', files: ['NOTES.md'] });
    const text = readFileSync(plan, 'utf8').replace('"gate":"npm run build"}]', '"gate":"results > 0"}]');
    writeFileSync(plan, text);
    const run = spawnSim(['table', '--family', 'plan', '--plan', plan, '--out', join(folder, 'gate-runs')], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `sim: ${plan}: /steps/1/gate 'results > 0' counts a read tool's results, and this step writes its files, which answers none: ` +
        `it could never pass; give it a command gate (as 'npm run build')\n`,
    );
  });

  it('a read tool the plan declares in read_tools runs: the tool server logs its calls by that name', async () => {
    const plan = planWithStep({ action: 'lookup_docs', args: { topic: 'regione' } }, { read_tools: ['lookup_docs'] });
    const out = join(folder, 'read-runs');
    const run = await spawnSimAsync(['table', '--family', 'plan', '--plan', plan, '-p', 'checkpoint-after-step', '--out', out], folder);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [runId] = readdirSync(out);
    const db = new Database(join(out, runId as string, 'checkpoint-after-step', 'cut-0', 'tool-server.db'), { readonly: true });
    const tools = db.prepare("SELECT tool, outcome FROM calls WHERE tool = 'lookup_docs'").all();
    db.close();
    expect(tools).toEqual([{ tool: 'lookup_docs', outcome: 'ok' }]);
  }, 60_000);
});
