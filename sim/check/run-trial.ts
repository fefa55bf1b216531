import type fc from 'fast-check';
import type { ReceiverSettings } from '../../protocols/receivers/types.js';
import type { Family, FamilyProtocol, TransportFaults } from '../engine/family.js';
import type { YieldPoint } from '../engine/injector.js';
import { freshInstances, type AnyFamily } from '../engine/run-case.js';
import { runFamily, type FamilyOutcome } from '../engine/run-family.js';
import type { TrialRunOptions } from './suite.js';

/** What every family's generated trial comes down to: a protocol on a workload, crashes by cut hit, workers, faults. */
export interface GeneratedRun<P extends FamilyProtocol, W, S> {
  /** The protocol's name: the one chosen instead (a user's module) when it matches, else a built-in. */
  protocol: string;
  workload: W;
  /** crashAtHit[i]: the process crashes at the nth cut reached in life i (any cut, any worker). */
  crashAtHit: readonly number[];
  workers: number;
  settings?: S;
  receiverSettings?: ReceiverSettings;
  faults: TransportFaults;
  /** The family's own protocol of that name, and the module file it came from when it is one. */
  builtIn(name: string): { protocol: P; file?: string } | undefined;
}

/** A scheduling point per cut and pause, resolved in the order fast-check's scheduler picks. */
export function schedulerYield(scheduler: fc.Scheduler): YieldPoint {
  return (point) => scheduler.schedule(Promise.resolve(), `${point.worker}@${point.kind === 'cut' ? point.name : `(${point.name})`}`);
}

/**
 * Runs one generated trial of a family: the faulty lives (crashes, transport
 * faults, interleavings the scheduler picks), then a quiet life once faults
 * stop. A user's module gets a fresh instance every life, so module state
 * does not survive a crash.
 */
export async function runGenerated<P extends FamilyProtocol, W, S>(
  family: Family<P, W, S>,
  trial: GeneratedRun<P, W, S>,
  options: TrialRunOptions,
): Promise<FamilyOutcome> {
  const chosen =
    options.protocol?.protocol.name === trial.protocol
      ? { protocol: options.protocol.protocol as P, file: options.protocol.file }
      : trial.builtIn(trial.protocol);
  if (!chosen) throw new Error(`unknown ${family.name} protocol ${trial.protocol}`);
  const { file } = chosen;
  const run = runFamily(family, {
    protocol: chosen.protocol,
    ...(file
      ? { freshProtocol: freshInstances(family as unknown as AnyFamily, file, options.folder) as (life: number) => Promise<P> }
      : {}),
    workload: trial.workload,
    folder: options.folder,
    medium: options.medium,
    plan: trial.crashAtHit.map((nth, life) => ({ life, nth })),
    livesMax: trial.crashAtHit.length + 1,
    quietLife: true,
    workers: trial.workers,
    ...(trial.settings === undefined ? {} : { settings: trial.settings }),
    ...(trial.receiverSettings === undefined ? {} : { receiverSettings: trial.receiverSettings }),
    faults: trial.faults,
    writeHistory: options.writeHistory,
    ...(options.scheduler ? { yieldPoint: schedulerYield(options.scheduler) } : {}),
  });
  return options.scheduler ? options.scheduler.waitFor(run) : run;
}
