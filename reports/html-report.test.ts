import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableResults } from '../sim/results/table-results.js';
import { browserCheck } from '../sim/testing/browser-check.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { effectKind } from './effect-kinds.js';
import { seriesColor } from './effects-chart.js';

/** Debian's Chromium, which .ci/run installs (CUTPOINT_CHROMIUM names another); playwright-core never downloads a browser of its own. */
const CHROMIUM = process.env['CUTPOINT_CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Without Chromium, a developer's `npm test` skips this file with one line; CI fails it (see browserCheck).
const browserHere = browserCheck(CHROMIUM, process.env);
if (browserHere.verdict === 'skip') process.stderr.write(`${browserHere.line}\n`);

const cwd = tempFolder('html-report');
const artifacts = join(process.cwd(), 'runs', 'test-artifacts');
const bin = join(process.cwd(), 'dist', 'entry', 'sim.js');

let browser: Browser;
let page: Page;
let results: TableResults;
const problems: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  if (browserHere.verdict === 'skip') return;
  // The report as a user gets it: the built `sim` bin, run as a process.
  const run = spawnSync(process.execPath, [bin, 'table', '--chart', '--out', 'runs'], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`sim table --chart exited ${run.status}: ${run.stderr}`);
  const runFolder = resolve(cwd, (run.stdout.trimEnd().split('\n').at(-1) ?? '').replace(/^run folder: /, ''));
  results = JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8')) as TableResults;

  if (browserHere.verdict === 'fail') throw new Error(browserHere.line);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1320, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  await page.goto(pathToFileURL(join(runFolder, 'report.html')).href);
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(browserHere.verdict === 'skip')('report.html in headless Chromium', () => {
  it('opens offline with no console error and no request beyond its own folder', () => {
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('shows the 15 measured cells of results.json, each coloured by its outcome', async () => {
    const cells = await page.$$eval('td.cell', (tds) =>
      tds.map((td) => ({ case: td.getAttribute('data-case'), n: td.querySelector('.n')?.textContent, className: td.className })),
    );
    expect(cells).toHaveLength(15);
    const expected = results.cells.map((cell) => ({
      case: `${cell.protocol}/cut-${cell.cut.index}`,
      n: String(cell.effects),
      kind: `kind-${effectKind(cell.effects)}`,
    }));
    expect(cells.map(({ case: key, n }) => ({ case: key, n }))).toEqual(expected.map(({ case: key, n }) => ({ case: key, n })));
    cells.forEach((cell, index) => expect(cell.className.split(' ')).toContain(expected[index]?.kind));
    expect(cells.filter((cell) => cell.className.includes('kind-lost')).map((cell) => cell.case)).toEqual(['mark-first/cut-1']);
    expect(cells.filter((cell) => cell.className.includes('kind-duplicate')).map((cell) => cell.case)).toEqual([
      'outbox-no-dedup/cut-2',
      'outbox-no-dedup/cut-3',
    ]);
  });

  it("shows a case's timeline and database paths when its cell is clicked", async () => {
    await page.click('td.cell[data-case="outbox-no-dedup/cut-2"]');
    const details = await page.textContent('#case-details');
    expect(details).toContain('outbox-no-dedup — crash at cut 2 (effect-applied)');
    expect(details).toContain('N=2 duplicate (expected 2)');
    expect(details).toContain('outbox-no-dedup/cut-2/orchestrator.db');
    expect(details).toContain('outbox-no-dedup/cut-2/warehouse.db');
    expect(details).toContain('✗ CRASH at effect-applied');
    expect(details).toContain('info   reserve reply lost in crash');
    expect(details).toContain('recovery with fresh connections');
    expect(await page.getAttribute('td.cell.selected', 'data-case')).toBe('outbox-no-dedup/cut-2');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'report.png'), fullPage: true });

    await page.click('td.cell[data-case="mark-first/cut-1"]');
    const other = await page.textContent('#case-details');
    expect(other).toContain('mark-first — crash at cut 1 (intent-recorded)');
    expect(other).toContain('N=0 lost');
    expect(other).not.toContain('outbox-no-dedup/cut-2/warehouse.db');
  });

  it("draws the chart: every protocol's colour is on the canvas", async () => {
    const colors = [0, 1, 2].map(seriesColor);
    const counts = await page.$eval(
      '#effects-chart',
      (canvas, hexes) => {
        const element = canvas as unknown as {
          width: number;
          height: number;
          getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
        };
        const { data } = element.getContext('2d').getImageData(0, 0, element.width, element.height);
        return hexes.map((hex) => {
          const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
          let n = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) n++;
          return n;
        });
      },
      colors,
    );
    for (const count of counts) expect(count).toBeGreaterThan(1_000);
  });

  it('opens a case from a bar of the chart too', async () => {
    const bar = await page.evaluate(() => {
      const chart = (
        globalThis as unknown as { cutpointChart: { getDatasetMeta(i: number): { data: { x: number; y: number; base: number }[] } } }
      ).cutpointChart;
      const element = chart.getDatasetMeta(2).data[4] as { x: number; y: number; base: number };
      return { x: element.x, y: (element.y + element.base) / 2 };
    });
    await page.locator('#effects-chart').click({ position: bar });
    // chart.js handles canvas events on the next animation frame, so wait for the panel to change.
    await page.waitForSelector('#case-details[data-case="outbox-dedup/cut-4"]', { timeout: 5_000 });
    expect(await page.textContent('#case-details')).toContain('outbox-dedup — crash at cut 4 (confirmed)');
  });
});
