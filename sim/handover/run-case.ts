import { join } from 'node:path';
import type { HandoverProtocol } from '../../protocols/handover/types.js';
import type { StoreMedium } from '../engine/connections.js';
import type { Observation } from '../engine/family.js';
import type { LifeRecord, RunEnd } from '../engine/runner.js';
import { handoverFamily } from './family.js';
import { runWorld } from './interim/run-world.js';
import type { HandoverWorkload, HandoverWorldSettings } from './workload.js';

export interface HandoverCaseSpec {
  protocol: HandoverProtocol;
  /** The cut to crash at, on its first hit in the first attempt; null for a fault-free run. */
  cut: string | null;
  folder: string;
  workload?: HandoverWorkload;
  settings?: HandoverWorldSettings;
  medium?: StoreMedium;
}

export interface HandoverCaseResult {
  protocol: string;
  cut: string | null;
  observation: Observation;
  /** Whether the armed cut was reached and the crash injected there in the first attempt. */
  cutFired: boolean;
  /** The virtual ms at which the crash fired: the tests check it is inside the nurse's handover. */
  crashAtMs: number | null;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  files: { folder: string; stores: Readonly<Record<string, string>>; history: string };
  error?: string;
}

/**
 * One table case of the handover family: fresh stores in `folder`, one
 * worker, the cut armed at its first hit in the first attempt, recovery until
 * a life completes (at most three recoveries), history.jsonl beside the stores.
 */
export async function runHandoverCase(spec: HandoverCaseSpec): Promise<HandoverCaseResult> {
  const outcome = await runWorld(handoverFamily, {
    protocol: spec.protocol,
    workload: spec.workload ?? handoverFamily.tableWorkload,
    folder: spec.folder,
    plan: spec.cut === null ? [] : [{ life: 0, cut: spec.cut }],
    livesMax: 4,
    writeHistory: true,
    ...(spec.settings ? { settings: spec.settings } : {}),
    ...(spec.medium ? { medium: spec.medium } : {}),
  });
  const crash = outcome.crashes.find((hit) => hit.cut === spec.cut && hit.life === 0);
  const result: HandoverCaseResult = {
    protocol: spec.protocol.name,
    cut: spec.cut,
    observation: outcome.observation,
    cutFired: spec.cut === null || crash !== undefined,
    crashAtMs: crash?.atMs ?? null,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.cutHits,
    files: outcome.files,
  };
  if (outcome.end.kind === 'error') result.error = `protocol failed: ${outcome.end.message}`;
  else if (!result.cutFired) result.error = `armed cut '${spec.cut}' was never reached, so this case proves nothing`;
  else if (outcome.end.kind === 'lives-exhausted') result.error = `no life completed within ${outcome.end.livesMax} lives`;
  return result;
}

/** Where a case of a table run puts its files: one folder per protocol and cut. */
export function caseFolder(runFolder: string, protocol: string, cut: string | null): string {
  return join(runFolder, 'handover', protocol, cut === null ? 'no-crash' : `cut-${cut}`);
}
