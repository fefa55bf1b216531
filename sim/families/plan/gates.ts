import type Database from 'better-sqlite3';
import type { ToolBehaviour } from './tool-behaviour.js';

export interface ExpectedFile {
  path: string;
  content: string;
}

/**
 * A gate command as the tool server runs it: a deterministic check, not a
 * build. It passes when every file the plan has written so far is there with
 * its planned content, and the command has already failed as many times as
 * the case's behaviour says it must (a build that fails k times). cutpoint
 * does not run `npm run build`; this is what stands for it.
 */
export function evaluateCommand(
  db: Database.Database,
  command: string,
  expected: readonly ExpectedFile[],
  behaviour: ToolBehaviour,
): { passed: boolean; output: string } {
  const failuresDue = behaviour.gateFailures[command] ?? 0;
  const { runs } = db.prepare('SELECT count(*) AS runs FROM gate_runs WHERE command = ?').get(command) as { runs: number };
  if (runs < failuresDue) return { passed: false, output: `${command}: failed (run ${runs + 1} of ${failuresDue} that fail)` };
  const read = db.prepare('SELECT content FROM files WHERE path = ?');
  const wrong = expected.find((file) => (read.get(file.path) as { content: string } | undefined)?.content !== file.content);
  if (wrong) return { passed: false, output: `${command}: ${wrong.path} is missing or not as planned` };
  return { passed: true, output: `${command}: ok` };
}

/** The gate `results > 0` over a read step's output: a count, not an opinion. */
export function resultsGatePasses(output: unknown): boolean {
  const results = output !== null && typeof output === 'object' ? (output as { results?: unknown }).results : undefined;
  return typeof results === 'number' && results > 0;
}

export const RESULTS_GATE = /^results\s*>\s*0$/;
