import type { YieldPoint } from './injector.js';

/**
 * Turns on the wire for the workers of one run, so that a run whose workers
 * interleave (exploration, fast-check's scheduler) stays deterministic when
 * its calls cross real sockets. In process, everything between two cuts runs
 * in microtasks, so the order of events follows from the scheduler's choices
 * alone; a real request instead completes whenever the kernel delivers it,
 * and two requests on the wire at once would reach the receiver in an order
 * no seed decides. So at most one worker is on the wire at a time: a worker
 * takes the turn before it sends, gives it back when its call returns, and
 * lends it out while it waits at a cut in the middle of its call (a cut
 * inside the receiver's contract, or the applied cut), so that another
 * worker's call may run there, as it may in process. Waiting workers get the
 * turn first come, first served; they queue in microtasks, whose order is
 * deterministic.
 */
export class WireTurns {
  private holder: string | undefined;
  private readonly queue: { worker: string; grant: () => void }[] = [];

  /** Waits for the turn; a worker calls it before its request leaves. */
  async take(worker: string): Promise<void> {
    if (this.holder === undefined) {
      this.holder = worker;
      return;
    }
    await new Promise<void>((grant) => this.queue.push({ worker, grant }));
  }

  /** Gives the turn back (the call returned), to the next worker waiting for it. */
  give(worker: string): void {
    if (this.holder !== worker) throw new Error(`worker ${worker} gave back a wire turn held by ${this.holder ?? 'nobody'}`);
    const next = this.queue.shift();
    this.holder = next?.worker;
    next?.grant();
  }

  /** No call is on the wire: every worker is at a cut, waiting for its turn, or done, so a scheduler may choose. */
  idle(): boolean {
    return this.holder === undefined;
  }

  /**
   * The run's yield point, lending the turn out while its holder waits at a
   * cut: it is taken again (in turn) before the holder's call goes on, or
   * unwinds because the life died while it waited.
   */
  scheduled(inner: YieldPoint): YieldPoint {
    return (point) => {
      if (this.holder !== point.worker) return inner(point);
      this.give(point.worker);
      return inner(point).finally(() => this.take(point.worker));
    };
  }
}
