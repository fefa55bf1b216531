import type fc from 'fast-check';
import type { ProtocolChoice } from '../../../sim/check/suite.js';
import type { StoreMedium } from '../../../sim/engine/connections.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { handoverFamily } from '../../../sim/families/handover/family.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import type { HandoverWorkload, HandoverWorldSettings } from '../../../sim/families/handover/workload.js';
import { runGenerated } from '../../../sim/check/run-trial.js';

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
  /** The protocol to run when it is not one of the family's own (a user's module). */
  protocol?: ProtocolChoice;
}

/** Runs one trial: the faulty lives (crashes, lost replies, interleavings the scheduler picks), then a quiet life. */
export async function runHandoverTrial(trial: HandoverTrial, options: HandoverTrialOptions): Promise<FamilyOutcome> {
  return runGenerated(
    handoverFamily,
    {
      protocol: trial.protocol,
      workload: trial.workload,
      crashAtHit: trial.crashAtHit,
      workers: trial.workers,
      settings: trial.settings,
      faults: trial.faults,
      builtIn: (name) => {
        const protocol = handoverFamily.protocols.find((candidate) => candidate.protocol.name === name)?.protocol;
        return protocol && { protocol };
      },
    },
    { ...options, writeHistory: options.writeHistory ?? false },
  );
}
