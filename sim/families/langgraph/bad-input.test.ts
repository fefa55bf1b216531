import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableResults } from '../../results/table-results.js';
import { runCli, type CliRun } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { REFUND_GRAPH, refundModule, userProject } from './testing/user-project.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const folder = tempFolder('langgraph-bad');

/** A graph module, its builder's body changed by `edit`; named after its file. */
const variant = (edit: (graph: string) => string, extra = '') => refundModule(edit(REFUND_GRAPH), extra);

const LOOPING_GRAPH = `  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addEdge(START, 'agent').addEdge('agent', 'agent')
    .compile({ checkpointer });`;

/** A graph whose state is an order number, and the module's input gives it a word. */
const ORDER_GRAPH = `  return new StateGraph(z.object({ order: z.number() }))
    .addNode('agent', (state) => ({ order: state.order }))
    .addEdge(START, 'agent')
    .compile({ checkpointer });`;

const project = userProject(join(folder, 'project'), {
  'compiled.ts': refundModule().replace('export function graph(', 'function build(') + 'export const graph = build({ checkpointer: undefined });\n',
  'no-graph.ts': 'export const app = {};\n',
  'other-saver.ts': variant((g) => g.replace('compile({ checkpointer })', 'compile({ checkpointer: new MemorySaver() })'), "import { MemorySaver } from '@langchain/langgraph';"),
  'hangs.ts': variant((g) => g.replace('await model.invoke(state.messages)', 'await new Promise(() => {})')),
  'slow.ts': variant((g) => g.replace('await model.invoke(state.messages)', 'await new Promise((r) => setTimeout(r, 300)).then(() => model.invoke(state.messages))')),
  'loops.ts': variant(() => LOOPING_GRAPH),
  'schema-rejects.ts': variant(() => ORDER_GRAPH).replace(/export const input = .*/, "export const input = { order: 'seven' };"),
});

/** The built sim, run by node from `cwd`. */
const simIn = (cwd: string, argv: readonly string[], nodeOptions: readonly string[] = []) =>
  spawnSync(process.execPath, [...nodeOptions, join(ROOT, 'dist', 'entry', 'sim.js'), ...argv], { cwd, encoding: 'utf8', timeout: 60_000 });

const oneLine = (run: CliRun) => run.stderr.endsWith('\n') && run.stderr.trimEnd().split('\n').length === 1;

describe("a user's graph module that cannot run: one line on stderr, exit 2", () => {
  it('a module that exports no graph', async () => {
    const run = await runCli(['table', '--family', 'langgraph', '--protocol', 'no-graph.ts'], project);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toBe(true);
    expect(run.stderr).toMatch(/^sim: no-graph\.ts exports no graph: export function graph\(\{ checkpointer, model, effects \}\)/);
  });

  it('a module that exports its compiled graph instead of the function that builds it, found without --family', async () => {
    const run = await runCli(['table', '--protocol', 'compiled.ts'], project);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toBe(true);
    expect(run.stderr).toMatch(/^sim: compiled\.ts exports a compiled graph: export function graph/);
  });

  it('a module whose LangGraph packages are not installed in its project: the package and the npm line', () => {
    const bare = join(folder, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'my-graph.ts'), refundModule());
    // A real sim: in this test process, vitest's own resolver would find the packages from the repository.
    const run = simIn(bare, ['table', '--protocol', 'my-graph.ts']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('sim: cannot load protocol file my-graph.ts: it imports @langchain/core, which is not installed: npm install @langchain/core\n');
  }, 60_000);

  it("the family's own LangGraph packages missing from cutpoint's installation: the packages and the npm line", () => {
    // A resolve hook refusing @langchain/langgraph stands for the package left out of the install.
    const refuse = `data:text/javascript,${encodeURIComponent(
      `import { register } from 'node:module';
       register('data:text/javascript,' + encodeURIComponent("export async function resolve(s, c, next) { if (s === '@langchain/langgraph') throw new Error('not found ' + s); return next(s, c); }"));`,
    )}`;
    const run = simIn(project, ['table', '--family', 'langgraph'], ['--import', refuse]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('sim: family langgraph runs on @langchain/langgraph, not installed here: npm install @langchain/langgraph\n');
  }, 60_000);
});

describe('graphs that fail while they run: an err cell naming the case, the table exits 1', () => {
  let run: CliRun;
  let results: TableResults;
  beforeAll(async () => {
    const protocols = ['other-saver', 'hangs', 'slow', 'loops', 'schema-rejects'].flatMap((name) => ['--protocol', `${name}.ts`]);
    run = await runCli(['table', ...protocols, '--cut', '0', '--measure-only', '--life-timeout-ms', '20000', '--out', 'runs'], project);
    const runFolder = join(project, (run.stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));
    results = JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as TableResults;
  }, 240_000);
  const errorOf = (protocol: string) => results.cells.find((cell) => cell.protocol === protocol)?.case.error;
  const printed = (protocol: string) => run.stdout.split('\n').filter((line) => line.startsWith(`error: ${protocol} cut 0`));

  it('each error is one printed line naming its case, and nothing reaches stderr', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    for (const name of ['other-saver', 'hangs', 'loops', 'schema-rejects']) expect(printed(name)).toHaveLength(1);
    expect(run.stdout).not.toMatch(/Troubleshooting URL|^\s+at /m);
  });

  it('a graph compiled with another checkpointer (MemorySaver) instead of the one given', () => {
    expect(errorOf('other-saver')).toMatch(/the graph is compiled with another checkpointer \(MemorySaver\): compile it with the checkpointer graph\(\) is given/);
  });

  it('a node that awaits forever is stopped by the watchdog; one that is slow finishes with its N', () => {
    expect(errorOf('hangs')).toMatch(/protocol hangs did not finish life 0.* within 20000 ms .*--life-timeout-ms/);
    expect(errorOf('slow')).toBeUndefined();
    expect(results.cells.find((cell) => cell.protocol === 'slow')?.effects).toBe(2);
  });

  it('a graph looping past its recursion limit (GraphRecursionError)', () => {
    expect(errorOf('loops')).toMatch(/the graph ran past its recursion limit of 25 supersteps without reaching END \(GraphRecursionError\)/);
  });

  it("an input the graph's state schema rejects", () => {
    expect(errorOf('schema-rejects')).toMatch(/the graph's state schema rejects the module's input: order: /);
  });
});
