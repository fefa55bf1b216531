import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChartConfiguration } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { decodePng as decode } from '../sim/testing/decode-png.js';
import { tableRun } from '../sim/cli/testing/table-run.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { renderChartPng } from './chart-png.js';
import { EFFECT_KIND_COLORS } from './effect-kinds.js';
import { seriesColor } from './effects-chart.js';

const cwd = tempFolder('chart-png');
const artifacts = join(process.cwd(), 'runs', 'test-artifacts');

describe('effects.png', () => {
  it("is a 1200×600 opaque picture with every protocol's bars, the lost and duplicate marks, sized by the measured N", async () => {
    const { runFolder } = await tableRun(cwd, ['--chart']);
    const png = readFileSync(join(runFolder, 'effects.png'));
    mkdirSync(artifacts, { recursive: true });
    copyFileSync(join(runFolder, 'effects.png'), join(artifacts, 'effects.png'));

    const image = await decode(png);
    expect([image.width, image.height]).toEqual([1200, 600]);
    expect(image.corner).toEqual([255, 255, 255, 255]);
    const [markFirst, noDedup, dedup] = [0, 1, 2].map((index) => image.pixels(seriesColor(index)));
    for (const count of [markFirst, noDedup, dedup]) expect(count).toBeGreaterThan(5_000);
    // Bar area is proportional to the sum of N: mark-first 4, outbox-dedup 5, outbox-no-dedup 7.
    expect(markFirst).toBeLessThan(dedup as number);
    expect(dedup).toBeLessThan(noDedup as number);
    expect(image.pixels(EFFECT_KIND_COLORS.lost.strong)).toBeGreaterThan(100);
    expect(image.pixels(EFFECT_KIND_COLORS.duplicate.strong)).toBeGreaterThan(200);
  });
});

describe('renderChartPng', () => {
  const line: ChartConfiguration = {
    type: 'line',
    data: { labels: ['a', 'b', 'c'], datasets: [{ label: 'sweep', data: [1, 3, 2], borderColor: '#228833', borderWidth: 6 }] },
    options: { plugins: { cutpointBackground: { color: '#FFFFFF' } } },
  };

  it('draws any chart.js configuration at the asked size', async () => {
    const image = await decode(await renderChartPng(line, { width: 400, height: 200 }));
    expect([image.width, image.height]).toEqual([400, 200]);
    expect(image.pixels('#228833')).toBeGreaterThan(200);
  });

  it('leaves the configuration it was given unchanged', async () => {
    const before = structuredClone(line);
    await renderChartPng(line, { width: 300, height: 150 });
    expect(line).toEqual(before);
  });

  it('refuses a size that is not whole positive pixels', async () => {
    await expect(renderChartPng(line, { width: 0, height: 200 })).rejects.toThrow(/positive whole pixels/);
  });
});
