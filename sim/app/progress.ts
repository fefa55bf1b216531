import { performance } from 'node:perf_hooks';
import { onInterrupt } from '../process/interrupt.js';

/** Where a use case shows a person how far it got: the CLI's stderr. */
export interface ProgressOutput {
  stderr(text: string): void;
  /** Whether stderr is a terminal, for a redrawn bar. */
  isTty: boolean;
}

/**
 * Progress of one long loop on stderr: a redrawn bar on a terminal (units
 * done, units per second, time left), plain lines every 10% otherwise. The
 * unit is what the loop counts: a property's runs, a table's cases, stress
 * trials, sweep trials.
 */
export class Progress {
  private readonly started = performance.now();
  private lastDrawMs = 0;
  private lastTenth = 0;
  private doneSoFar = 0;
  /** An interruption's summary line tells how far this loop got. */
  private readonly forget = onInterrupt(() => `${this.label}: ${this.doneSoFar}/${this.total} done`);

  constructor(
    private readonly io: ProgressOutput,
    private readonly label: string,
    private readonly total: number,
    /** The plural noun of what is counted, e.g. 'runs', 'cases', 'trials'. */
    private readonly unit: string,
  ) {}

  update(done: number, note = ''): void {
    this.doneSoFar = done;
    const elapsedMs = performance.now() - this.started;
    const rate = done / Math.max(elapsedMs / 1000, 1e-9);
    if (this.io.isTty) {
      if (elapsedMs - this.lastDrawMs < 100 && done < this.total) return;
      this.lastDrawMs = elapsedMs;
      const width = 24;
      const filled = Math.min(width, Math.round((done / this.total) * width));
      const left = done >= this.total ? 0 : (this.total - done) / Math.max(rate, 1e-9);
      this.io.stderr(
        `\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${this.total} ${this.unit} · ${Math.round(rate)} ${this.unit}/s · ${left.toFixed(1)} s left ${note}\x1b[K`,
      );
      return;
    }
    const tenth = Math.floor((done / this.total) * 10);
    if (this.total >= 1000 && tenth > this.lastTenth && tenth < 10) {
      this.lastTenth = tenth;
      this.io.stderr(`${this.label}: ${done}/${this.total} ${this.unit}, ${Math.round(rate)} ${this.unit}/s\n`);
    }
  }

  done(): void {
    this.forget();
    if (this.io.isTty) this.io.stderr('\r\x1b[K');
  }
}
