/**
 * The in-process model of a crash. Thrown at an armed cut, it unwinds the
 * whole attempt: no later statement of that process life runs, and the runner
 * closes every connection the life opened before recovery starts.
 */
export class Crash extends Error {
  constructor(
    readonly cut: string,
    readonly worker: string,
  ) {
    super(`crash at cut '${cut}' (worker ${worker})`);
    this.name = 'Crash';
  }
}

export function isCrash(error: unknown): error is Crash {
  return error instanceof Crash;
}
