import type { ReceiverSettings } from '../../protocols/receivers/types.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { MemoryMedium, type StoreMedium } from '../engine/connections.js';
import type { CutHit, SchedulingPoint } from '../engine/injector.js';
import type { Life } from '../engine/runner.js';
import { liveFamily, observeLived, type FamilyOutcome, type RunWire } from '../engine/run-family.js';
import { ChoiceLog, Pruned } from './choices.js';
import { filesBesideStores, fingerprint } from './fingerprint.js';

export interface ExploreBounds {
  workers: number;
  intentions: number;
  /** Crashes per execution, at any cut of any worker, in the first attempt or during recovery. */
  crashDepth: number;
  retentionMs: number | null;
  /** Crash and interleave at the named cuts only, or at every boundary (each commit too), as `--cuts all` finds them. */
  cuts: 'named' | 'all';
}

export interface Execution {
  log: ChoiceLog;
  /** Stopped early: it reached a state whose every continuation was already explored. */
  pruned: boolean;
  outcome?: FamilyOutcome;
}

interface Waiting {
  point: SchedulingPoint;
  release: () => void;
  abort: (error: Error) => void;
}

/**
 * Runs one execution under full control: at every cut it asks the choice log
 * whether to crash there (while crashes remain), and whenever several workers
 * wait at scheduling points it asks which one goes next. Everything else is
 * the ordinary engine: fresh stores, lives, recovery, the quiet life, counting.
 */
export async function runControlled(options: {
  family: AnyFamily;
  protocol: FamilyProtocol;
  workload: unknown;
  bounds: ExploreBounds;
  log: ChoiceLog;
  folder: string;
  medium?: StoreMedium;
  writeHistory?: boolean;
  /** Receivers over a real wire (--transport http); in process when omitted. */
  wire?: RunWire;
}): Promise<Execution> {
  const { bounds, log } = options;
  const medium = options.medium ?? new MemoryMedium();
  // On real files, what a world keeps beside its stores is part of the state a choice point is at.
  const beside = () => (medium.kind === 'file' ? filesBesideStores(options.folder) : '');
  const waiting = new Map<string, Waiting>();
  let life: Life | undefined;
  let crashesUsed = 0;
  let stopping = false;

  const positions = (extra?: [string, string]) => {
    const map = new Map([...waiting].map(([worker, w]) => [worker, `${w.point.kind}:${w.point.name}`]));
    if (extra) map.set(extra[0], extra[1]);
    return map;
  };
  const stop = () => {
    stopping = true;
    for (const w of waiting.values()) w.abort(new Pruned());
    waiting.clear();
  };
  const decideCrash = (hit: CutHit): boolean => {
    if (stopping) throw new Pruned();
    if (crashesUsed >= bounds.crashDepth || !life) return false;
    const current = life;
    try {
      const crash =
        log.choose('crash', 2, () => fingerprint(current, crashesUsed, positions([hit.worker, `hit:${hit.cut}`]), beside())) === 1;
      if (crash) crashesUsed++;
      return crash;
    } catch (error) {
      if (error instanceof Pruned) stop();
      throw error;
    }
  };

  let finished = false;
  const run = liveFamily(options.family, {
    protocol: options.protocol,
    workload: options.workload,
    folder: options.folder,
    medium,
    plan: decideCrash,
    livesMax: bounds.crashDepth + 1,
    quietLife: true,
    workers: bounds.workers,
    receiverSettings: { retentionMs: bounds.retentionMs, closedWindow: false } satisfies ReceiverSettings,
    writeHistory: options.writeHistory ?? false,
    ...(options.wire ? { wire: options.wire } : {}),
    discoverBoundaries: bounds.cuts === 'all',
    beforeLife: (started) => {
      life = started;
    },
    yieldPoint: (point) =>
      stopping ? Promise.reject(new Pruned()) : new Promise<void>((release, abort) => waiting.set(point.worker, { point, release, abort })),
  }).finally(() => {
    finished = true;
  });

  // The driver: once every worker is waiting (no I/O runs in process, so one
  // macrotask turn settles them; over a real wire, once no call is on it),
  // release one, chosen by the log when several wait.
  while (!finished) {
    await new Promise((resolve) => setImmediate(resolve));
    if (finished || waiting.size === 0 || (options.wire && !options.wire.turns.idle())) continue;
    const names = [...waiting.keys()].sort();
    let index = 0;
    if (!stopping && names.length > 1 && life) {
      const current = life;
      try {
        index = log.choose('schedule', names.length, () => fingerprint(current, crashesUsed, positions(), beside()));
      } catch (error) {
        if (!(error instanceof Pruned)) throw error;
        stop();
        continue;
      }
    }
    const chosen = names[index] as string;
    const next = waiting.get(chosen);
    waiting.delete(chosen);
    next?.release();
  }
  const lived = await run;
  // A stopped execution is not judged: its stores are not read.
  return stopping ? { log, pruned: true } : { log, pruned: false, outcome: observeLived(lived) };
}
