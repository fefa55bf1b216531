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
    // `at fn (/abs/file.ts:12:5)`, `at async fn (file:///abs/file.js:12:5)` or `at /abs/file.ts:12:5`.
    const match = /(?:\(|at )((?:file:\/\/)?\/[^()]*?):(\d+):\d+\)?$/.exec(line.trim());
    if (!match) continue;
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file.includes('/node_modules/') || harnessFolders.some((folder) => file.includes(folder))) continue;
    return { file, line: Number(match[2]) };
  }
  return undefined;
}

export function siteLabel(site: CallSite | undefined): string {
  return site ? `${basename(site.file)}:${site.line}` : 'unknown';
}
