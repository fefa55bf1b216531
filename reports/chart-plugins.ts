import type { Chart, ChartType, Plugin } from 'chart.js';

/*
 * Chart.js plugins that both renderers register: the PNG renderer in Node and
 * report.html in the browser, which receives their source text (see
 * chart-script.ts). That is how the PNG and the page draw the same marks from
 * the same configuration. So each hook must be self-contained: it may use its
 * arguments and browser/canvas globals only, never a name from this module or
 * an import, and no nested named function (a bundler may wrap those in a
 * helper that does not exist in the page). Every plugin is driven by plain
 * data in `options.plugins.<id>` and does nothing when that is absent.
 */

/** Fills the canvas before drawing, so a PNG is opaque on a dark slide. */
export interface BackgroundOptions {
  color?: string;
}

/** A horizontal dashed line at one value of the y scale, labelled in the right margin. */
export interface ReferenceLineOptions {
  value?: number;
  label?: string;
  color?: string;
  /** Canvas font shorthand for the label, e.g. 'bold 15px sans-serif'. */
  font?: string;
  scaleId?: string;
}

/** An outline and a label on one bar, e.g. the missing part of a lost effect. */
export interface BarMark {
  datasetIndex: number;
  index: number;
  label: string;
  color: string;
  /** The outline spans these two values of the y scale; equal values draw the label only. */
  from: number;
  to: number;
  dashed: boolean;
}

export interface BarMarksOptions {
  marks?: BarMark[];
  font?: string;
}

/** Vertical dashed lines at values of the x scale, each labelled at the top of the chart area. */
export interface VerticalLinesOptions {
  lines?: { value: number; label: string; color: string }[];
  /** Canvas font shorthand for the labels. */
  font?: string;
}

declare module 'chart.js' {
  // The type parameter must match chart.js's own declaration to merge with it.
  interface PluginOptionsByType<TType extends ChartType> {
    cutpointBackground?: BackgroundOptions | false;
    cutpointReferenceLine?: ReferenceLineOptions | false;
    cutpointBarMarks?: BarMarksOptions | false;
    cutpointVerticalLines?: VerticalLinesOptions | false;
  }
}

export const backgroundPlugin: Plugin<ChartType, BackgroundOptions> = {
  id: 'cutpointBackground',
  beforeDraw(chart: Chart, _args: unknown, options: BackgroundOptions) {
    if (!options.color) return;
    const ctx = chart.ctx;
    ctx.save();
    ctx.fillStyle = options.color;
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};

export const referenceLinePlugin: Plugin<ChartType, ReferenceLineOptions> = {
  id: 'cutpointReferenceLine',
  afterDatasetsDraw(chart: Chart, _args: unknown, options: ReferenceLineOptions) {
    const scale = chart.scales[options.scaleId || 'y'];
    if (!scale || typeof options.value !== 'number') return;
    const y = scale.getPixelForValue(options.value);
    const area = chart.chartArea;
    const ctx = chart.ctx;
    ctx.save();
    ctx.strokeStyle = options.color || '#000000';
    ctx.lineWidth = 2;
    ctx.setLineDash([10, 6]);
    ctx.beginPath();
    ctx.moveTo(area.left, y);
    ctx.lineTo(area.right, y);
    ctx.stroke();
    if (options.label) {
      ctx.setLineDash([]);
      ctx.fillStyle = options.color || '#000000';
      ctx.font = options.font || 'bold 14px sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(options.label, area.right + 8, y);
    }
    ctx.restore();
  },
};

export const barMarksPlugin: Plugin<ChartType, BarMarksOptions> = {
  id: 'cutpointBarMarks',
  afterDatasetsDraw(chart: Chart, _args: unknown, options: BarMarksOptions) {
    const scale = chart.scales['y'];
    if (!scale || !options.marks) return;
    const ctx = chart.ctx;
    for (const mark of options.marks) {
      const bar = chart.isDatasetVisible(mark.datasetIndex) ? chart.getDatasetMeta(mark.datasetIndex).data[mark.index] : undefined;
      if (!bar) continue;
      const { x, width } = bar.getProps(['x', 'width'], true) as { x: number; width: number };
      const top = scale.getPixelForValue(Math.max(mark.from, mark.to));
      const bottom = scale.getPixelForValue(Math.min(mark.from, mark.to));
      ctx.save();
      ctx.strokeStyle = mark.color;
      ctx.fillStyle = mark.color;
      ctx.lineWidth = 3;
      if (bottom - top > 1) {
        ctx.setLineDash(mark.dashed ? [7, 5] : []);
        ctx.strokeRect(x - width / 2 + 1.5, top, width - 3, bottom - top);
      }
      ctx.setLineDash([]);
      ctx.font = options.font || 'bold 14px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(mark.label, x, top - 6);
      ctx.restore();
    }
  },
};

export const verticalLinesPlugin: Plugin<ChartType, VerticalLinesOptions> = {
  id: 'cutpointVerticalLines',
  beforeDatasetsDraw(chart: Chart, _args: unknown, options: VerticalLinesOptions) {
    const scale = chart.scales['x'];
    if (!scale || !options.lines) return;
    const area = chart.chartArea;
    const ctx = chart.ctx;
    for (const line of options.lines) {
      const x = scale.getPixelForValue(line.value);
      if (x < area.left || x > area.right) continue;
      ctx.save();
      ctx.strokeStyle = line.color;
      ctx.fillStyle = line.color;
      ctx.lineWidth = 2;
      ctx.setLineDash([10, 6]);
      ctx.beginPath();
      ctx.moveTo(x, area.top);
      ctx.lineTo(x, area.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.font = options.font || 'bold 14px sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(line.label, x + 8, area.top + 6);
      ctx.restore();
    }
  },
};

/** Every plugin both renderers register, in drawing order. */
export const PORTABLE_PLUGINS: readonly Plugin[] = [backgroundPlugin, referenceLinePlugin, barMarksPlugin, verticalLinesPlugin];
