import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GuardrailSettings } from '../../../protocols/handover/guardrails/guardrail-settings.js';
import type { HandoverProtocol } from '../../../protocols/handover/types.js';
import { FileMedium } from '../../../sim/engine/connections.js';
import type { TableRows } from '../../../sim/engine/family.js';
import { runFamily } from '../../../sim/engine/run-family.js';
import { handoverFamily } from '../../../sim/families/handover/family.js';
import { DEFAULT_HANDOVER_SETTINGS, type HandoverWorkload } from '../../../sim/families/handover/workload.js';

/** One generated run of a guardrail property: the conversation, the adversary's moves, the limits, and where it crashes. */
export interface GuardTrial {
  workload: HandoverWorkload;
  guardrails: Partial<GuardrailSettings>;
  /** crashAtHit[i]: the process crashes at the nth cut reached in life i. */
  crashAtHit: number[];
}

/** What a finished run left, read back from its files: every table of every store, and the history's text. */
export interface GuardRun {
  rows(store: 'orchestrator' | 'human-queue' | 'message-channel', table: string): TableRows;
  /** Every cell of every store as one text: what a secret must never be found in. */
  storesText: string;
  historyText: string;
  endKind: string;
}

const medium = new FileMedium();

/** Runs a trial through the harness with real SQLite files, crashes and a quiet life after them, then removes the files. */
export async function runGuardTrial(protocol: HandoverProtocol, trial: GuardTrial, folder: string): Promise<GuardRun> {
  mkdirSync(folder, { recursive: true });
  try {
    const outcome = await runFamily(handoverFamily, {
      protocol,
      workload: trial.workload,
      folder,
      medium,
      plan: trial.crashAtHit.map((nth, life) => ({ life, nth })),
      livesMax: trial.crashAtHit.length + 1,
      quietLife: true,
      workers: 1,
      settings: { ...DEFAULT_HANDOVER_SETTINGS, guardrails: trial.guardrails },
    });
    return {
      rows: (store, table) => outcome.state[store]?.[table] ?? [],
      storesText: JSON.stringify(outcome.state),
      historyText: outcome.history.toJsonl(),
      endKind: outcome.end.kind === 'error' ? `error: ${outcome.end.message}` : outcome.end.kind,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const scratchFolder = (root: string, name: string, n: number) => join(root, name, String(n));
