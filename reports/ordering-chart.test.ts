import { describe, expect, it } from 'vitest';
import { decodePng as decode } from '../sim/testing/decode-png.js';
import { renderChartPng } from './chart-png.js';
import { ORDERING_COLORS, orderingChartConfig, type OrderingPoint } from './ordering-chart.js';

const point = (protocol: string, workers: number, misorderedPer1000: number, outOfOrderPer1000: number): OrderingPoint => ({
  protocol,
  workers,
  trials: 200,
  misorderedPer1000,
  outOfOrderPer1000,
});

describe('ordering.png', () => {
  const measured = [
    point('outbox-dedup', 1, 0, 0),
    point('last-writer-wins', 1, 0, 0),
    point('outbox-dedup', 2, 0, 117),
    point('last-writer-wins', 2, 130, 0),
    point('outbox-dedup', 4, 0, 209),
    point('last-writer-wins', 4, 345, 0),
  ];

  it('plots the given measurements, none recomputed: the flaw rising, the sequenced sender at zero', () => {
    const [damage, sequenced, cost] = orderingChartConfig(measured, 1).data.datasets.map((set) => set.data);
    expect(damage).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 130 },
      { x: 4, y: 345 },
    ]);
    expect(sequenced).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 4, y: 0 },
    ]);
    expect(cost).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 117 },
      { x: 4, y: 209 },
    ]);
  });

  it('draws a 1200×600 picture with the flaw and the sequenced sender in their own colours', async () => {
    const drawn = await decode(await renderChartPng(orderingChartConfig(measured, 1), { width: 1200, height: 600 }));
    expect([drawn.width, drawn.height]).toEqual([1200, 600]);
    expect(drawn.pixels(ORDERING_COLORS.sequenced)).toBeGreaterThan(500);
    expect(drawn.pixels(ORDERING_COLORS.damage)).toBeGreaterThan(500);
  });
});
