import type fc from 'fast-check';
import type { StoreMedium } from '../../../sim/engine/connections.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { handoverFamily } from '../../../sim/handover/family.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import type { HandoverWorkload, HandoverWorldSettings } from '../../../sim/handover/workload.js';
import { schedulerYield } from '../../reservation/properties/trial.js';

/** Everything one property run is made of, as generated data: replaying it replays the run. */
export interface HandoverTrial {
  protocol: string;
  workload: HandoverWorkload;
  /** Workers that events arriving at the same moment are delivered to, concurrently. */
  workers: number;
  /** crashAtHit[i]: the process crashes at the nth cut reached in life i (any cut, any worker). */
  crashAtHit: number[];
  faults: TransportFaults;
  settings: HandoverWorldSettings;
}

export function crashPlan(trial: HandoverTrial): CrashPoint[] {
  return trial.crashAtHit.map((nth, life) => ({ life, nth }));
}

export interface HandoverTrialOptions {
  folder: string;
  medium: StoreMedium;
  scheduler?: fc.Scheduler;
  writeHistory?: boolean;
}

/** Runs one trial: the faulty lives (crashes, lost replies, interleavings the scheduler picks), then a quiet life. */
export async function runHandoverTrial(trial: HandoverTrial, options: HandoverTrialOptions): Promise<FamilyOutcome> {
  const entry = handoverFamily.protocols.find((candidate) => candidate.protocol.name === trial.protocol);
  if (!entry) throw new Error(`unknown handover protocol ${trial.protocol}`);
  const run = runFamily(handoverFamily, {
    protocol: entry.protocol,
    workload: trial.workload,
    folder: options.folder,
    medium: options.medium,
    plan: crashPlan(trial),
    livesMax: trial.crashAtHit.length + 1,
    quietLife: true,
    workers: trial.workers,
    settings: trial.settings,
    faults: trial.faults,
    writeHistory: options.writeHistory ?? false,
    ...(options.scheduler ? { yieldPoint: schedulerYield(options.scheduler) } : {}),
  });
  return options.scheduler ? options.scheduler.waitFor(run) : run;
}
