/** One decision an execution made where it had a choice: which of `options` alternatives it took. */
export interface Choice {
  kind: 'crash' | 'schedule';
  taken: number;
  options: number;
  /** The state the choice was made in; equal fingerprints have equal futures. */
  fingerprint: string;
  /** Alternatives a reduced search leaves out here: their executions are equivalent to ones explored (sleep sets). */
  skip?: readonly number[];
}

/** The next alternative of a choice still to explore, after the one it took; undefined when none is left. */
export function nextAlternative(choice: Choice): number | undefined {
  for (let alternative = choice.taken + 1; alternative < choice.options; alternative++)
    if (!choice.skip?.includes(alternative)) return alternative;
  return undefined;
}

/** Thrown to stop an execution that reached a state whose every continuation was already explored. */
export class Pruned extends Error {
  constructor() {
    super('pruned: this state was explored before');
    this.name = 'Pruned';
  }
}

/**
 * The choices of one execution: it follows `prefix`, then takes the first
 * alternative at every new choice point, recording each. A choice point whose
 * state is known to be fully explored ends the execution (Pruned).
 *
 * `known` holds the fingerprints of the prefix's choice points when an earlier
 * execution passed through them: executions are deterministic, so the same
 * choices lead to the same states, and re-reading both stores at each of them
 * would cost more than the rest of the replay.
 */
export class ChoiceLog {
  readonly made: Choice[] = [];
  /** Set when the prefix asked for an alternative that does not exist: the schedule is not one of this run's. */
  invalid: string | undefined;

  constructor(
    private readonly prefix: readonly number[],
    private readonly explored: Pick<ReadonlySet<string>, 'has'>,
    private readonly known: readonly string[] = [],
  ) {}

  /** `skip`: alternatives not to take at a new choice point; with all of them skipped, the execution ends (Pruned). */
  choose(kind: Choice['kind'], options: number, fingerprint: () => string, skip: readonly number[] = []): number {
    if (options < 2) return 0;
    const position = this.made.length;
    const print = this.known[position] ?? fingerprint();
    if (position >= this.prefix.length && this.explored.has(print)) throw new Pruned();
    const taken = this.prefix[position] ?? nextAlternative({ kind, taken: -1, options, fingerprint: print, skip });
    if (taken === undefined) throw new Pruned();
    if (taken >= options) {
      this.invalid = `schedule step ${position} is ${taken}, but only ${options} alternatives exist there`;
      throw new Error(this.invalid);
    }
    this.made.push({ kind, taken, options, fingerprint: print, ...(skip.length > 0 ? { skip } : {}) });
    return taken;
  }

  /**
   * How far from the plainest run this one is, for picking the clearest
   * counterexample: fewer crashes first, then fewer reorderings, then fewer choices.
   */
  weight(): [number, number, number] {
    const departures = (kind: Choice['kind']) => this.made.filter((c) => c.kind === kind && c.taken !== 0).length;
    return [departures('crash'), departures('schedule'), this.made.length];
  }

  /**
   * The schedule as printed for a replay: the alternatives taken, trailing
   * first-alternatives dropped, colon-separated like a property run's path
   * (`1:0:2`): both are choices made in order, given back to replay one run.
   */
  schedule(): string {
    const taken = this.made.map((choice) => choice.taken);
    while (taken.length > 0 && taken[taken.length - 1] === 0) taken.pop();
    return taken.join(':');
  }
}

/** A printed schedule back as its choices; `1.0.2`, as schedules were printed before they took colons, is read too. */
export function parseSchedule(text: string): number[] {
  return text === '' ? [] : text.split(/[:.]/).map(Number);
}
