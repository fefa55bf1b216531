import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SweepsResults } from '../sim/results/sweeps-results.js';
import { checkReportRun, TEST_SWEEP_TRIALS } from '../sim/cli/testing/check-report-run.js';
import { decodePng } from '../sim/testing/decode-png.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { CONCURRENCY_COLORS, concurrencyChartConfig } from './concurrency-chart.js';
import { RETENTION_COLORS, retentionChartConfig } from './retention-chart.js';
import { SWEEP_REPORT_FILE_NAMES } from './write-sweep-reports.js';

const cwd = tempFolder('sweep-charts');
const artifacts = join(process.cwd(), 'runs', 'test-artifacts');
let runFolder: string;
let sweeps: SweepsResults;

beforeAll(async () => {
  ({ runFolder, sweeps } = await checkReportRun(cwd));
});

describe('the sweep chart configurations', () => {
  it('retention: a line per warehouse variant, each point read from sweeps.json, the seed in the title', () => {
    const config = retentionChartConfig(sweeps);
    expect(config.type).toBe('line');
    expect(config.data.datasets.map((d) => d.label)).toEqual(['without closed window', 'with closed window']);
    config.data.datasets.forEach((dataset, index) => {
      const stored = sweeps.retention.series[index]!.points.map((p) => ({ x: p.x, y: p.duplicatesPer1000 }));
      expect(dataset.data).toEqual(stored);
      expect(dataset.borderColor).toBe(RETENTION_COLORS[dataset.label as string]);
    });
    expect(config.options?.plugins?.title?.text).toContain(`seed ${sweeps.seed}`);
    expect(JSON.stringify(config.options?.plugins?.subtitle?.text)).toContain(`each point: ${TEST_SWEEP_TRIALS} generated trials`);
    expect(config.options?.plugins?.cutpointVerticalLines).toMatchObject({ lines: [{ value: 1, label: 'retention = retry delay' }] });
    expect(config.options?.scales?.['x']).toMatchObject({ type: 'linear', min: 0, max: 8 });
  });

  it('concurrency: a line per protocol over 1 to 8 relay workers', () => {
    const config = concurrencyChartConfig(sweeps);
    expect(config.data.datasets.map((d) => d.label)).toEqual(['outbox-no-dedup', 'check-then-act', 'outbox-dedup']);
    expect(config.data.datasets.map((d) => d.data.map((p) => p.x))).toEqual(Array(3).fill([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(config.data.datasets[2]?.data.map((p) => p.y)).toEqual(sweeps.concurrency.series[2]!.points.map((p) => p.duplicatesPer1000));
    expect(config.options?.scales?.['x']).toMatchObject({ min: 1, max: 8 });
  });

  it('draws what the file says, even numbers no sweep measured: the chart never recomputes', () => {
    const edited = structuredClone(sweeps);
    edited.concurrency.series[0]!.points[3]!.duplicatesPer1000 = 4321;
    expect(concurrencyChartConfig(edited).data.datasets[0]?.data[3]).toEqual({ x: 4, y: 4321 });
  });

  it('is plain data, like the effects chart', () => {
    for (const config of [retentionChartConfig(sweeps), concurrencyChartConfig(sweeps)]) {
      expect(JSON.parse(JSON.stringify(config))).toEqual(config);
    }
  });
});

describe('the sweep PNGs', () => {
  /** Rows of the plot area strictly above its zero line and below the legend, at 1200×600. */
  const ABOVE_ZERO = { fromRow: 160, toRow: 500 };

  it.each([
    { file: SWEEP_REPORT_FILE_NAMES.retention, colors: RETENTION_COLORS },
    { file: SWEEP_REPORT_FILE_NAMES.concurrency, colors: CONCURRENCY_COLORS },
  ])('$file is a 1200×600 opaque picture with every series drawn in its colour', async ({ file, colors }) => {
    mkdirSync(artifacts, { recursive: true });
    copyFileSync(join(runFolder, file), join(artifacts, file));
    const image = await decodePng(readFileSync(join(runFolder, file)));
    expect([image.width, image.height]).toEqual([1200, 600]);
    expect(image.corner).toEqual([255, 255, 255, 255]);
    for (const color of Object.values(colors)) expect(image.pixels(color)).toBeGreaterThan(500);
  });

  it('retention-sweep.png: the line without the window rises above zero, the line with it stays on zero', async () => {
    expect(Math.max(...sweeps.retention.series[0]!.points.map((p) => p.duplicates))).toBeGreaterThan(0);
    expect(sweeps.retention.series[1]!.points.every((p) => p.duplicates === 0)).toBe(true);
    const image = await decodePng(readFileSync(join(runFolder, SWEEP_REPORT_FILE_NAMES.retention)));
    expect(image.pixels(RETENTION_COLORS['without closed window']!, ABOVE_ZERO)).toBeGreaterThan(200);
    expect(image.pixels(RETENTION_COLORS['with closed window']!, ABOVE_ZERO)).toBe(0);
  });

  it('concurrency-sweep.png: outbox-dedup stays on zero while outbox-no-dedup rises', async () => {
    const image = await decodePng(readFileSync(join(runFolder, SWEEP_REPORT_FILE_NAMES.concurrency)));
    expect(image.pixels(CONCURRENCY_COLORS['outbox-no-dedup']!, ABOVE_ZERO)).toBeGreaterThan(200);
    expect(image.pixels(CONCURRENCY_COLORS['outbox-dedup']!, ABOVE_ZERO)).toBe(0);
  });
});
