import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import type { PlanProtocol } from '../../protocols/plan/types.js';
import type { ProtocolStatus } from '../engine/family.js';
import { parsePlan } from '../../protocols/plan/plan-schema.js';
import { planHash, type Plan } from '../../protocols/plan/plan.js';
import { SEED_PLAN } from '../../protocols/plan/seed-plan.js';
import { EXPECTED_PLAN_TABLE } from '../../scenarios/plan/expected-table.js';
import { measurePlanCell, type PlanCell } from '../../scenarios/plan/plan-table.js';
import { firstWriteStep } from '../../scenarios/plan/edit-step-crash.js';
import { planFamily } from '../plan/plan-family.js';
import { CALM_TOOLS } from '../plan/tool-behaviour.js';
import { createRunFolder, displayPath, writeFileAtomic, writeJsonAtomic } from '../results/run-folder.js';
import { checkpointAfterStep } from '../../protocols/plan/checkpoint-after-step.js';
import { noSummary } from '../../protocols/plan/no-summary.js';
import { measureContextGrowth } from '../../scenarios/plan/context-growth.js';
import { CONTEXT_CHART_SIZE, contextChartConfig } from '../../reports/plan-context-chart.js';

/** Plan lengths the context chart measures, in read steps. */
const CHART_LENGTHS = [1, 5, 10, 15, 20, 25, 30, 35, 40];
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { counted } from '../../reports/plural.js';
import { cutIndexes } from './family-choice.js';
import { resolveProtocols } from './load-protocol.js';
import type { TableFormat } from './options.js';

export interface PlanTableOptions {
  protocol?: string[];
  cut?: string[];
  plan?: string;
  format: TableFormat;
  out: string;
  chart?: boolean;
  expect?: string;
  crashMode: string;
  cuts?: 'all';
}

/** A protocol to run, with where it came from: a built-in of the catalogue, or a user's file. */
interface ResolvedPlanProtocol {
  protocol: PlanProtocol;
  status: ProtocolStatus | 'own';
}

/** A cell as judged: its expected N (none for a flawed protocol on a user's plan), and whether its crash fired. */
export interface JudgedPlanCell extends Omit<PlanCell, 'folder' | 'crash'> {
  expected: number | null;
  fired: boolean;
  matches: boolean;
}

/** Reads --plan: a missing file or a plan that fails the schema is bad input, in one line. */
export function readPlanFile(value: string, cwd: string): Plan {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, value), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read plan file ${value}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const plan = parsePlan(text, value);
  if (!plan.steps.some((step) => (step.files ?? []).length > 0)) {
    throw new UsageError(`${value}: the plan has no step with files; the table counts the writes of its first such step`);
  }
  return plan;
}

/**
 * The row a protocol should measure: the table for the seed's plan;
 * on a user's plan, N=1 everywhere for the correct and repaired loops and a
 * user's own, and nothing for a flawed one (its row is shown, not judged).
 */
function expectedRow(entry: ResolvedPlanProtocol, seedPlan: boolean): readonly (number | null)[] {
  const known = seedPlan ? EXPECTED_PLAN_TABLE[entry.protocol.name] : undefined;
  if (known) return known;
  return planFamily.cuts.map(() => (entry.status === 'flawed' ? null : 1));
}

/** `sim table --family plan`: the seed's plan (or --plan's) crashed during its edit step at each cut. */
export async function planTableCommand(options: PlanTableOptions, io: Io): Promise<ExitCode> {
  if (options.expect || options.cuts || options.crashMode !== 'in-process') {
    throw new UsageError('--family plan runs its cuts in process: it takes no --expect, --cuts or --crash-mode yet.');
  }
  const columns = cutIndexes(planFamily, options.cut);
  const plan = options.plan ? readPlanFile(options.plan, io.cwd) : SEED_PLAN;
  const { protocols } = await resolveProtocols(planFamily, options.protocol ?? PLAN_PROTOCOLS.map((entry) => entry.protocol.name), io.cwd);
  // The plan family's resolver gives back protocols of the plan family: built-ins, or modules it checked into one.
  const entries: ResolvedPlanProtocol[] = (protocols as PlanProtocol[]).map(
    (protocol) => PLAN_PROTOCOLS.find((entry) => entry.protocol === protocol) ?? { protocol, status: 'own' },
  );
  const runFolder = createRunFolder(options.out);
  const workload = { plan, tools: CALM_TOOLS };
  const seedPlan = planHash(plan) === planHash(SEED_PLAN);
  const cells: JudgedPlanCell[] = [];
  for (const entry of entries) {
    const row = expectedRow(entry, seedPlan);
    for (const column of columns) {
      const cut = planFamily.cuts[column] as (typeof planFamily.cuts)[number];
      const { folder: _folder, crash, ...cell } = await measurePlanCell(entry.protocol, cut.name, workload, join(runFolder.path, 'plan'));
      const fired = crash?.cut === cut.name && cell.end.kind === 'completed';
      const expected = row[column] ?? null;
      cells.push({ ...cell, expected, fired, matches: fired && (expected === null || expected === cell.n) });
    }
  }
  const step = plan.steps[firstWriteStep(plan)];
  const intention = `${step?.id}:${step?.files?.[0]}`;
  const verdict = cells.every((cell) => cell.matches) ? 'pass' : 'fail';
  const resultsFile = join(runFolder.path, 'results.json');
  writeJsonAtomic(resultsFile, {
    kind: 'table',
    tool: 'cutpoint',
    family: 'plan',
    runId: runFolder.runId,
    startedAt: runFolder.startedAt,
    planHash: planHash(plan),
    intention,
    cuts: planFamily.cuts.map((cut) => cut.name),
    protocols: entries.map((entry) => ({ name: entry.protocol.name, status: entry.status })),
    cells,
    verdict,
  });
  let chart: string | undefined;
  if (options.chart) {
    // The context chart: the seed's summary against none, over plans of growing length, fault-free.
    const series = await measureContextGrowth([checkpointAfterStep, noSummary], CHART_LENGTHS, runFolder.path);
    const png = join(runFolder.path, 'context-growth.png');
    // chart.js and the canvas load only when a chart is drawn, as for every other report.
    const { renderChartPng } = await import('../../reports/chart-png.js');
    writeFileAtomic(png, await renderChartPng(contextChartConfig(series), CONTEXT_CHART_SIZE));
    writeJsonAtomic(join(runFolder.path, 'context-growth.json'), { kind: 'context-growth', family: 'plan', series });
    chart = displayPath(png, io.cwd);
  }
  io.stdout(
    renderPlanTable(cells, entries, { format: options.format, intention, verdict, runFolder: displayPath(runFolder.path, io.cwd), chart }),
  );
  return verdict === 'pass' ? EXIT.ok : EXIT.checkFailed;
}

function renderPlanTable(
  cells: readonly JudgedPlanCell[],
  entries: readonly ResolvedPlanProtocol[],
  shown: { format: TableFormat; intention: string; verdict: string; runFolder: string; chart: string | undefined },
): string {
  const cuts = planFamily.cuts.map((cut) => cut.name);
  const cellText = (protocol: string, cut: string): string => {
    const cell = cells.find((candidate) => candidate.protocol === protocol && candidate.cut === cut);
    if (!cell) return '?';
    const mark = !cell.fired ? ' (cut not reached)' : cell.matches ? '' : ` (expected ${cell.expected})`;
    return `${cell.n} (${cell.calls}/${cell.budget})${mark}`;
  };
  if (shown.format === 'json') {
    const effects = Object.fromEntries(
      entries.map((entry) => [
        entry.protocol.name,
        cuts.map((cut) => cells.find((c) => c.protocol === entry.protocol.name && c.cut === cut)?.n ?? null),
      ]),
    );
    return (
      JSON.stringify(
        {
          family: 'plan',
          intention: shown.intention,
          cuts,
          effects,
          cells,
          verdict: shown.verdict,
          runFolder: shown.runFolder,
          ...(shown.chart ? { chart: shown.chart } : {}),
        },
        null,
        2,
      ) + '\n'
    );
  }
  const header = ['protocol / cut', ...cuts];
  const rows = entries.map((entry) => [
    `${entry.protocol.name} (${entry.status})`,
    ...cuts.map((cut) => cellText(entry.protocol.name, cut)),
  ]);
  const mismatched = cells.filter((cell) => !cell.matches).length;
  const verdictLine = mismatched === 0 ? `all ${cells.length} cells as expected` : `${mismatched} of ${cells.length} cells not as expected`;
  if (shown.format === 'markdown') {
    const line = (values: readonly string[]) => `| ${values.join(' | ')} |`;
    return (
      [
        line(header),
        line(header.map(() => '---')),
        ...rows.map(line),
        '',
        `N = writes of ${shown.intention} (calls used / budget_calls)`,
        verdictLine,
        `run folder: ${shown.runFolder}`,
      ].join('\n') + '\n'
    );
  }
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)));
  const aligned = [header, ...rows].map((row) =>
    row
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return (
    [
      `sim table --family plan: ${counted(entries.length, 'protocol')} × ${counted(cuts.length, 'cut')}, crash in-process, during step ${shown.intention.split(':')[0]}`,
      `N = writes of ${shown.intention}; (calls used / budget_calls) beside it`,
      '',
      ...aligned,
      '',
      verdictLine,
      ...(shown.chart ? [`chart: ${shown.chart}`] : []),
      `run folder: ${shown.runFolder}`,
    ].join('\n') + '\n'
  );
}
