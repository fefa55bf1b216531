/**
 * The states whose continuations were all explored, by fingerprint. A reduced
 * search explores a state under a sleep set (the workers whose steps there
 * are known to lead only to explored interleavings), written after the last
 * `|` of its fingerprint: a state explored under a sleep set covers the same
 * state met again under any larger one, whose duties are a part of its own.
 */
export class ExploredStates {
  private readonly plain = new Set<string>();
  private readonly asleep = new Map<string, Set<string>[]>();

  add(print: string): void {
    const cut = print.lastIndexOf('|');
    if (cut === -1) {
      this.plain.add(print);
      return;
    }
    const base = print.slice(0, cut);
    const sleeping = new Set(
      print
        .slice(cut + 1)
        .split(',')
        .filter(Boolean),
    );
    this.asleep.set(base, [...(this.asleep.get(base) ?? []), sleeping]);
  }

  has(print: string): boolean {
    const cut = print.lastIndexOf('|');
    if (cut === -1) return this.plain.has(print);
    const sleeping = new Set(
      print
        .slice(cut + 1)
        .split(',')
        .filter(Boolean),
    );
    return (this.asleep.get(print.slice(0, cut)) ?? []).some((explored) => [...explored].every((worker) => sleeping.has(worker)));
  }
}
