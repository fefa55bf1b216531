import { writeFileSync } from 'node:fs';
import { orderingChartConfig, type OrderingPoint } from '../../../reports/ordering-chart.js';
import { renderChartPng } from '../../../reports/chart-png.js';
import { orderingCost } from './ordering-cost.js';

/**
 * Measures the ordering comparison (1 to 4 relay workers, outbox-dedup and
 * last-writer-wins, 200 trials per point, seed 1) and draws it:
 * `npx tsx scenarios/reservation/sweeps/draw-ordering-chart.ts docs/analyses/ordering.png`.
 */
const out = process.argv[2] ?? 'ordering.png';
const seed = 1;
const points: OrderingPoint[] = [];
for (const workers of [1, 2, 3, 4])
  for (const protocol of ['outbox-dedup', 'last-writer-wins']) points.push(await orderingCost(protocol, workers, 200, seed));
writeFileSync(out, await renderChartPng(orderingChartConfig(points, seed), { width: 1200, height: 600 }));
console.log(JSON.stringify(points));
