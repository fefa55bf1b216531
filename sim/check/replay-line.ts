import { DEFAULT_FAMILY } from '../families/index.js';
import { shellWord } from '../results/shell-quote.js';

export interface ReplayLineParts {
  family: string;
  property: string;
  seed: number;
  path: string;
  /** Options that change the outcome, as the user gave them: `--workers 2`, `--protocol ./my file.ts`. */
  options?: readonly (readonly [string, string])[];
}

/**
 * The one command that replays exactly this run, copy-paste safe: `npx`,
 * every word quoted for a POSIX shell where it needs it. The default
 * family is not named.
 */
export function replayLine(parts: ReplayLineParts): string {
  const words = ['npx', 'sim', 'check'];
  if (parts.family !== DEFAULT_FAMILY) words.push('--family', parts.family);
  words.push(parts.property, '--seed', String(parts.seed), '--path', parts.path);
  for (const [option, value] of parts.options ?? []) words.push(option, value);
  return words.map(shellWord).join(' ');
}
