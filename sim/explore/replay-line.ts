import { simCommandLine } from '../results/shell-quote.js';
import type { ExploreBounds } from './controlled-run.js';

export interface ExploreReplayParts {
  /** Given when the protocol alone does not tell the family (the CLI: whenever --family was given). */
  family?: string | undefined;
  /** As `--protocol` names it: a built-in name, or the module's path. */
  protocol: string;
  bounds: ExploreBounds;
  /** `--out`, when the run folder's parent is to be named. */
  out?: string | undefined;
  transport?: 'http' | undefined;
  schedule: string;
}

/**
 * `npx sim explore ... --schedule S`, with every option that changes which
 * schedule a replay runs and where its files go, so the line can be pasted
 * as it is: one form for `sim explore` and the library's `explore`.
 */
export function exploreReplayLine(parts: ExploreReplayParts): string {
  const { bounds } = parts;
  return simCommandLine([
    'explore',
    ...(parts.family ? ['--family', parts.family] : []),
    '--protocol',
    parts.protocol,
    '--workers',
    String(bounds.workers),
    '--intentions',
    String(bounds.intentions),
    '--crash-depth',
    String(bounds.crashDepth),
    ...(bounds.retentionMs === null ? [] : ['--retention-ms', String(bounds.retentionMs)]),
    ...(bounds.cuts === 'all' ? ['--cuts', 'all'] : []),
    ...(parts.transport === 'http' ? ['--transport', 'http'] : []),
    ...(parts.out === undefined ? [] : ['--out', parts.out]),
    '--schedule',
    parts.schedule,
  ]);
}
