import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallSite {
  file: string;
  line: number;
}

/**
 * The first stack frame outside the harness: where a protocol (or contract)
 * called into it. Used to name the boundaries found at local commits after
 * the source line that made them. Needs source maps for compiled code
 * (the bin enables them), so the line is the TypeScript source's.
 */
export function callSite(harnessFolders: readonly string[]): CallSite | undefined {
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n').slice(1)) {
    const site = frameSite(line.trim());
    if (!site || site.file.includes('/node_modules/') || harnessFolders.some((folder) => site.file.includes(folder))) continue;
    return site;
  }
  return undefined;
}

/**
 * The file and line of one stack frame: `at fn (/abs/file.ts:12:5)`,
 * `at async fn (file:///abs/file.js:12:5)`, `at /abs/file.ts:12:5`, or tsx's
 * `data:` URL for a TypeScript file it loaded as CommonJS (which names the
 * file in its filePath parameter; its line is the transformed code's).
 */
function frameSite(frame: string): CallSite | undefined {
  const located = /(?:\(|at )((?:file:\/\/)?\/[^()]*?|data:[^ ]*?):(\d+):\d+\)?$/.exec(frame);
  if (!located) return undefined;
  const [, where = '', line = '0'] = located;
  if (where.startsWith('data:')) {
    const filePath = /[?&]filePath=([^&:]+)/.exec(where)?.[1];
    return filePath ? { file: decodeURIComponent(filePath).split('?')[0] ?? '', line: Number(line) } : undefined;
  }
  return { file: where.startsWith('file://') ? fileURLToPath(where) : where, line: Number(line) };
}

export function siteLabel(site: CallSite | undefined): string {
  return site ? `${basename(site.file)}:${site.line}` : 'unknown';
}
