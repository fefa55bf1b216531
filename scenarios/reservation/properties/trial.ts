import type fc from 'fast-check';
import { findProtocol, protocolFile } from '../../../protocols/reservation/registry.js';
import { freshInstances } from '../../../sim/engine/run-case.js';
import type { ReceiverSettings } from '../../../protocols/receivers/types.js';
import type { Intention, Protocol, ProtocolSettings } from '../../../protocols/reservation/types.js';
import type { ProtocolChoice } from '../../../sim/check/suite.js';
import type { StoreMedium } from '../../../sim/engine/connections.js';
import type { CrashPoint, YieldPoint } from '../../../sim/engine/injector.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import { runFamily, type FamilyOutcome } from '../../../sim/engine/run-family.js';
import { letSignalsIn } from '../../../sim/process/let-signals-in.js';
import { reservationFamily } from '../../../sim/reservation/family.js';

/** Everything one property run is made of, as generated data: replaying it replays the run. */
export interface Trial {
  protocol: string;
  intentions: Intention[];
  workers: number;
  /** crashAtHit[i]: the process crashes at the nth cut reached in life i (any cut, any worker). */
  crashAtHit: number[];
  settings: ProtocolSettings;
  warehouse: ReceiverSettings;
  faults: TransportFaults;
}

export function crashPlan(trial: Trial): CrashPoint[] {
  return trial.crashAtHit.map((nth, life) => ({ life, nth }));
}

/** A scheduling point per cut and pause, resolved in the order fast-check's scheduler picks. */
export function schedulerYield(scheduler: fc.Scheduler): YieldPoint {
  return (point) => scheduler.schedule(Promise.resolve(), `${point.worker}@${point.kind === 'cut' ? point.name : `(${point.name})`}`);
}

export interface TrialRunOptions {
  folder: string;
  medium: StoreMedium;
  scheduler?: fc.Scheduler;
  writeHistory?: boolean;
  /** The protocol to run when it is not a built-in the registry knows (a user's module). */
  protocol?: ProtocolChoice;
}

/**
 * Runs one trial: the faulty lives (crashes, transport faults, interleavings
 * chosen by the scheduler), then a quiet life once faults stop.
 */
export async function runTrial(trial: Trial, options: TrialRunOptions): Promise<FamilyOutcome> {
  // Before any task is scheduled, so the scheduler's interleaving is untouched: Ctrl-C is heard between trials.
  await letSignalsIn();
  const chosen = options.protocol?.protocol.name === trial.protocol ? options.protocol : undefined;
  const protocol = (chosen?.protocol as Protocol | undefined) ?? findProtocol(trial.protocol);
  if (!protocol) throw new Error(`unknown protocol ${trial.protocol}`);
  const file = chosen ? chosen.file : protocolFile(trial.protocol);
  const run = runFamily(reservationFamily, {
    protocol,
    // A user's module: every life imports a fresh instance, so module state does not survive a crash.
    ...(file ? { freshProtocol: freshInstances(reservationFamily, file, options.folder) as (life: number) => Promise<Protocol> } : {}),
    workload: trial.intentions,
    folder: options.folder,
    medium: options.medium,
    plan: crashPlan(trial),
    livesMax: trial.crashAtHit.length + 1,
    quietLife: true,
    workers: trial.workers,
    settings: trial.settings,
    receiverSettings: trial.warehouse,
    faults: trial.faults,
    writeHistory: options.writeHistory ?? false,
    ...(options.scheduler ? { yieldPoint: schedulerYield(options.scheduler) } : {}),
  });
  return options.scheduler ? options.scheduler.waitFor(run) : run;
}
