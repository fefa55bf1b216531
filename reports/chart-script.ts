import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'chart.js';
import { PORTABLE_PLUGINS } from './chart-plugins.js';

/**
 * Chart.js's UMD build, read from the installed package, to inline in a page
 * that must open offline. The package's exports map does not name the file, so
 * it is found beside the entry point that the map does name.
 */
export function chartJsUmdSource(): string {
  const entry = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(entry), 'chart.umd.js'), 'utf8');
}

/**
 * A browser script that registers the same plugins the PNG renderer uses,
 * built from their source text: `Chart.register({ id: ..., hook(...) {...} }, ...)`.
 */
export function portablePluginsScript(plugins: readonly Plugin[] = PORTABLE_PLUGINS): string {
  return `Chart.register(${plugins.map(pluginSource).join(',\n')});\n`;
}

function pluginSource(plugin: Plugin): string {
  const members = Object.entries(plugin).map(([key, value]) => {
    if (typeof value !== 'function') return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    const source = (value as (...args: unknown[]) => unknown).toString();
    // A method written `hook(chart) {...}` prints as such; anything else prints as a function expression.
    return source.startsWith(`${key}(`) ? source : `${JSON.stringify(key)}: ${source}`;
  });
  return `{\n${members.join(',\n')}\n}`;
}

/**
 * JSON for a `<script type="application/json">` block: `<` is escaped, so no
 * string inside the data can close the script element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
