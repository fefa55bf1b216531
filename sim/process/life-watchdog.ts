import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Starting node and loading the protocol module (through tsx for TypeScript) before the first life: slow on a loaded machine, not the protocol's time. */
const STARTUP_MS = 15_000;

/** Gives each life its own time: the deadline moves on whenever the child starts a new life. */
export class LifeWatchdog {
  private lifeStartedAt = performance.now() + STARTUP_MS;
  private lives = 0;
  private readBytes = 0;

  constructor(
    private readonly eventsFile: string,
    private readonly lifeTimeoutMs: number,
  ) {}

  deadline(): number {
    const size = statSync(this.eventsFile, { throwIfNoEntry: false })?.size ?? 0;
    if (size !== this.readBytes) {
      this.readBytes = size;
      const lives = (readFileSync(this.eventsFile, 'utf8').match(/"type":"life"/g) ?? []).length;
      if (lives !== this.lives) {
        this.lives = lives;
        this.lifeStartedAt = performance.now();
      }
    }
    return this.lifeStartedAt + this.lifeTimeoutMs;
  }
}
