import { beforeAll, describe, expect, it } from 'vitest';
import type { TableResults } from '../sim/results/table-results.js';
import { tableRun } from '../sim/cli/testing/table-run.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { EFFECT_KIND_COLORS } from './effect-kinds.js';
import { effectsChartConfig, seriesColor } from './effects-chart.js';

const cwd = tempFolder('effects-chart');
let results: TableResults;

beforeAll(async () => {
  ({ results } = await tableRun(cwd));
});

/** The same results with some cells' N replaced, to reach outcomes the reference run does not have. */
function withEffects(changes: Record<string, number | null>): TableResults {
  const copy = structuredClone(results);
  for (const cell of copy.cells) {
    const key = `${cell.protocol}/${cell.cut.index}`;
    if (key in changes) cell.effects = changes[key] as number | null;
  }
  return copy;
}

describe('the effects chart configuration', () => {
  it("has one bar series per protocol, each holding that protocol's measured N per cut from results.json", () => {
    const config = effectsChartConfig(results);
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual([
      ['cut 0', 'before-intent'],
      ['cut 1', 'intent-recorded'],
      ['cut 2', 'effect-applied'],
      ['cut 3', 'response-observed'],
      ['cut 4', 'confirmed'],
    ]);
    expect(config.data.datasets.map((d) => d.label)).toEqual(['mark-first', 'outbox-no-dedup', 'outbox-dedup']);
    for (const dataset of config.data.datasets) {
      const measured = results.cuts.map(
        (cut) => results.cells.find((c) => c.protocol === dataset.label && c.cut.index === cut.index)?.effects,
      );
      expect(dataset.data).toEqual(measured);
    }
    expect(config.data.datasets.map((d) => d.data)).toEqual([
      [1, 0, 1, 1, 1],
      [1, 1, 2, 2, 1],
      [1, 1, 1, 1, 1],
    ]);
    expect(new Set(config.data.datasets.map((d) => d.backgroundColor)).size).toBe(3);
  });

  it('marks the lost effect with a dashed outline up to N=1 and each duplicate above it, and draws the N=1 line', () => {
    const plugins = effectsChartConfig(results).options?.plugins;
    expect(plugins?.cutpointReferenceLine).toMatchObject({ value: 1 });
    expect(plugins?.cutpointBarMarks && plugins.cutpointBarMarks.marks).toEqual([
      { datasetIndex: 0, index: 1, label: 'lost', color: EFFECT_KIND_COLORS.lost.strong, from: 0, to: 1, dashed: true },
      { datasetIndex: 1, index: 2, label: 'duplicate', color: EFFECT_KIND_COLORS.duplicate.strong, from: 1, to: 2, dashed: false },
      { datasetIndex: 1, index: 3, label: 'duplicate', color: EFFECT_KIND_COLORS.duplicate.strong, from: 1, to: 2, dashed: false },
    ]);
  });

  it('leaves room above the highest bar, and labels a case that could not be judged', () => {
    const config = effectsChartConfig(withEffects({ 'outbox-dedup/4': 3, 'mark-first/0': null }));
    expect(config.options?.scales?.['y']?.max).toBe(4);
    expect(config.data.datasets[0]?.data[0]).toBeNull();
    const marks = (config.options?.plugins?.cutpointBarMarks || { marks: [] }).marks ?? [];
    expect(marks).toContainEqual(expect.objectContaining({ datasetIndex: 0, index: 0, label: 'not judged', from: 0, to: 0 }));
    expect(marks).toContainEqual(expect.objectContaining({ datasetIndex: 2, index: 4, label: 'duplicate', from: 1, to: 3 }));
  });

  it('names the run and its date in the title', () => {
    const title = effectsChartConfig(results).options?.plugins?.title?.text;
    expect(title).toContain(results.runId);
    expect(title).toContain(`${results.startedAt.slice(0, 10)} ${results.startedAt.slice(11, 16)} UTC`);
  });

  it('is plain data, so the page can carry exactly the value the PNG was drawn from', () => {
    const config = effectsChartConfig(results);
    expect(JSON.parse(JSON.stringify(config))).toEqual(config);
  });

  it('gives protocols distinct colours, none of them a mark colour', () => {
    const series = [0, 1, 2, 3, 4].map(seriesColor);
    expect(new Set(series).size).toBe(5);
    for (const { strong } of Object.values(EFFECT_KIND_COLORS)) expect(series).not.toContain(strong);
  });
});
