import type fc from 'fast-check';
import type { ProtocolChoice } from '../../../sim/check/suite.js';
import { freshInstances, type AnyFamily } from '../../../sim/engine/run-case.js';
import type { StoreMedium } from '../../../sim/engine/connections.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import { handoverFamily } from '../../../sim/handover/family.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import type { HandoverWorkload, HandoverWorldSettings } from '../../../sim/handover/workload.js';
import type { HandoverProtocol } from '../../../protocols/handover/types.js';
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
  /** The protocol to run when it is not one of the family's own (a user's module). */
  protocol?: ProtocolChoice;
}

/** Runs one trial: the faulty lives (crashes, lost replies, interleavings the scheduler picks), then a quiet life. */
export async function runHandoverTrial(trial: HandoverTrial, options: HandoverTrialOptions): Promise<FamilyOutcome> {
  const chosen = options.protocol?.protocol.name === trial.protocol ? options.protocol : undefined;
  const protocol =
    (chosen?.protocol as HandoverProtocol | undefined) ??
    handoverFamily.protocols.find((candidate) => candidate.protocol.name === trial.protocol)?.protocol;
  if (!protocol) throw new Error(`unknown handover protocol ${trial.protocol}`);
  const run = runFamily(handoverFamily, {
    protocol,
    // A user's module: every life imports a fresh instance, so module state does not survive a crash.
    ...(chosen?.file
      ? { freshProtocol: freshInstances(handoverFamily as unknown as AnyFamily, chosen.file, options.folder) as (life: number) => Promise<HandoverProtocol> }
      : {}),
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
