import { readFileSync } from 'node:fs';
import { findSourceMap, SourceMap } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallSite {
  file: string;
  line: number;
}

/**
 * The first stack frame outside the harness: where a protocol (or contract)
 * called into it. It names the boundaries found at local commits after
 * the source line that made them: for compiled code the line is mapped
 * through the `.js.map` beside it, so it is the TypeScript source's either
 * way (a stack Node already mapped names the `.ts` file and is kept).
 */
export function callSite(harnessFolders: readonly string[]): CallSite | undefined {
  const outside = (file: string) => !file.includes('/node_modules/') && !harnessFolders.some((folder) => file.includes(folder));
  const mapped = mappedSite(rawFrames().find((frame) => outside(frame.file)));
  if (mapped) return mapped;
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n').slice(1)) {
    const site = frameSite(line.trim());
    if (!site || !outside(site.file)) continue;
    return sourceSite(site);
  }
  return undefined;
}

/**
 * The stack's frames as V8 gives them, before any formatting: their lines are
 * those of the code as loaded. A test runner that installs an
 * `Error.prepareStackTrace` of its own (vitest does) formats a stack without
 * Node's source maps, so a protocol that tsx loaded inside a user's test
 * would be named after the transformed code's line 1 (and two commits on
 * different lines would be one boundary): the raw frame is mapped here instead.
 */
function rawFrames(): (CallSite & { column: number })[] {
  const format = Error.prepareStackTrace;
  const holder: { stack?: unknown } = {};
  let sites: unknown;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    Error.captureStackTrace(holder, rawFrames);
    // V8 formats a stack when it is first read: read it while the formatter is ours.
    sites = holder.stack;
  } finally {
    Error.prepareStackTrace = format;
  }
  if (!Array.isArray(sites)) return [];
  return (sites as NodeJS.CallSite[]).flatMap((site) => {
    const file = site.getFileName() ?? '';
    return file === '' ? [] : [{ file, line: site.getLineNumber() ?? 0, column: site.getColumnNumber() ?? 0 }];
  });
}

/** A raw frame mapped through the source map Node keeps for its module (a module tsx loaded), or undefined when Node keeps none. */
function mappedSite(frame: (CallSite & { column: number }) | undefined): CallSite | undefined {
  if (!frame) return undefined;
  const entry = findSourceMap(frame.file)?.findEntry(frame.line - 1, Math.max(0, frame.column - 1));
  if (!entry || !('originalSource' in entry)) return undefined;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
  return { file: source.split('?')[0] ?? source, line: entry.originalLine + 1 };
}

/**
 * The file and line of one stack frame: `at fn (/abs/file.ts:12:5)`,
 * `at async fn (file:///abs/file.js:12:5)`, `at /abs/file.ts:12:5`, or tsx's
 * `data:` URL for a TypeScript file it loaded as CommonJS (which names the
 * file in its filePath parameter; its line is the transformed code's).
 */
function frameSite(frame: string): (CallSite & { column: number }) | undefined {
  const located = /(?:\(|at )((?:file:\/\/)?\/[^()]*?|data:[^ ]*?):(\d+):(\d+)\)?$/.exec(frame);
  if (!located) return undefined;
  const [, where = '', line = '0', column = '0'] = located;
  if (where.startsWith('data:')) {
    const filePath = /[?&]filePath=([^&:]+)/.exec(where)?.[1];
    return filePath ? { file: decodeURIComponent(filePath).split('?')[0] ?? '', line: Number(line), column: 0 } : undefined;
  }
  return { file: where.startsWith('file://') ? fileURLToPath(where) : where, line: Number(line), column: Number(column) };
}

/** Each compiled file's source map, read once (null: the file has none). */
const SOURCE_MAPS = new Map<string, SourceMap | null>();

/**
 * The TypeScript line of a frame in a compiled `.js` file, read from the
 * `.js.map` beside it. Reading the one map a boundary needs, when a boundary
 * is discovered, is what lets the bin start without Node's source maps for
 * every module it loads (about a tenth of a second of each command's start).
 */
function sourceSite(site: CallSite & { column: number }): CallSite {
  if (!site.file.endsWith('.js')) return { file: site.file, line: site.line };
  let map = SOURCE_MAPS.get(site.file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${site.file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    SOURCE_MAPS.set(site.file, map);
  }
  const entry = map?.findEntry(site.line - 1, Math.max(0, site.column - 1));
  if (!entry || !('originalSource' in entry)) return { file: site.file, line: site.line };
  return { file: entry.originalSource, line: entry.originalLine + 1 };
}

export function siteLabel(site: CallSite | undefined): string {
  return site ? `${basename(site.file)}:${site.line}` : 'unknown';
}
