import type fc from 'fast-check';
import { findProtocol, protocolFile } from '../../../protocols/reservation/registry.js';
import type { ReceiverSettings } from '../../../protocols/receivers/types.js';
import type { Intention, ProtocolSettings } from '../../../protocols/reservation/types.js';
import type { ProtocolChoice } from '../../../sim/check/suite.js';
import type { StoreMedium } from '../../../sim/engine/connections.js';
import type { CrashPoint } from '../../../sim/engine/injector.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { FamilyOutcome, RunWire } from '../../../sim/engine/run-family.js';
import { runGenerated } from '../../../sim/check/run-trial.js';
import { letSignalsIn } from '../../../sim/process/let-signals-in.js';
import { reservationFamily } from '../../../sim/families/reservation/family.js';

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

export { schedulerYield } from '../../../sim/check/run-trial.js';

export interface TrialRunOptions {
  folder: string;
  medium: StoreMedium;
  scheduler?: fc.Scheduler;
  writeHistory?: boolean;
  /** The protocol to run when it is not a built-in the registry knows (a user's module). */
  protocol?: ProtocolChoice;
  /** Receivers over a real wire (--transport http, one wire per trial); in process when omitted. */
  wire?: RunWire;
}

/**
 * Runs one trial: the faulty lives (crashes, transport faults, interleavings
 * chosen by the scheduler), then a quiet life once faults stop.
 */
export async function runTrial(trial: Trial, options: TrialRunOptions): Promise<FamilyOutcome> {
  // Before any task is scheduled, so the scheduler's interleaving is untouched: Ctrl-C is heard between trials.
  await letSignalsIn();
  return runGenerated(
    reservationFamily,
    {
      protocol: trial.protocol,
      workload: trial.intentions,
      crashAtHit: trial.crashAtHit,
      workers: trial.workers,
      settings: trial.settings,
      receiverSettings: trial.warehouse,
      faults: trial.faults,
      builtIn: (name) => {
        const protocol = findProtocol(name);
        const file = protocolFile(name);
        return protocol && { protocol, ...(file ? { file } : {}) };
      },
    },
    { ...options, writeHistory: options.writeHistory ?? false },
  );
}
