import { createCanvas } from '@napi-rs/canvas';
import { Chart, registerables, type ChartConfiguration, type ChartItem } from 'chart.js';
import { PORTABLE_PLUGINS } from './chart-plugins.js';

Chart.register(...registerables, ...PORTABLE_PLUGINS);

export interface ChartSize {
  width: number;
  height: number;
}

/**
 * Draws a chart.js configuration on a Skia canvas and returns the PNG bytes.
 * The configuration is the one a page would use; only what a still image
 * cannot have is overridden: no resizing to a container, no animation, one
 * device pixel per CSS pixel so the PNG is exactly width × height.
 */
export async function renderChartPng(config: ChartConfiguration, size: ChartSize): Promise<Buffer> {
  if (!(Number.isInteger(size.width) && Number.isInteger(size.height) && size.width > 0 && size.height > 0)) {
    throw new RangeError(`chart size must be positive whole pixels; got ${size.width}×${size.height}`);
  }
  const canvas = createCanvas(size.width, size.height);
  const still: ChartConfiguration = {
    ...structuredClone(config),
    options: { ...structuredClone(config.options ?? {}), responsive: false, animation: false, devicePixelRatio: 1 },
  };
  // chart.js types its canvas with DOM types this Node project does not load; a Skia canvas has the same API.
  const chart = new Chart(canvas as unknown as ChartItem, still);
  try {
    return await canvas.encode('png');
  } finally {
    chart.destroy();
  }
}
