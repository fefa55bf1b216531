/** A renaming of interchangeable workers: a permutation of their names, applied to a name or to a whole text. */
export interface Renaming {
  name(worker: string): string;
  text(text: string): string;
}

const IDENTITY: Renaming = { name: (worker) => worker, text: (text) => text };

/** By the names, newline-joined: an exploration asks for the same few names at every choice point. */
const RENAMINGS = new Map<string, Renaming[]>();

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every renaming of `names` (the identity first): names.length! of them, at
 * most 24 within the explore bounds. A name is renamed where it stands whole
 * in a text (`relay-1`, never the start of `relay-12`).
 */
export function renamings(names: readonly string[]): Renaming[] {
  if (names.length < 2) return [IDENTITY];
  const key = names.join('\n');
  const known = RENAMINGS.get(key);
  if (known) return known;
  const pattern = new RegExp(`(?<![\\w-])(?:${[...names].sort((a, b) => b.length - a.length).map(escaped).join('|')})(?![\\w-])`, 'g');
  const all = permutations(names).map((image): Renaming => {
    const to = new Map(names.map((name, index) => [name, image[index]!]));
    return { name: (worker) => to.get(worker) ?? worker, text: (text) => text.replace(pattern, (found) => to.get(found)!) };
  });
  RENAMINGS.set(key, all);
  return all;
}

/**
 * Symmetry reduction (Ip and Dill; Emerson and Sistla): workers that run the
 * same code from the same start and use their names only as identities are
 * interchangeable, so a state and its image under a renaming of them have
 * the same futures, renamed. Of the images of a state `render` writes, the
 * least text stands for all of them, with the renaming that gives it.
 */
export function canonical(names: readonly string[], render: (renaming: Renaming) => string): { text: string; renaming: Renaming } {
  let best: { text: string; renaming: Renaming } | undefined;
  for (const renaming of renamings(names)) {
    const text = render(renaming);
    if (!best || text < best.text) best = { text, renaming };
  }
  return best!;
}
