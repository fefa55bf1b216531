/**
 * The known name a user most likely meant by `name`, for a "did you mean"
 * hint: the one fewest single-character edits away, if that is at most a
 * third of the name's length (at least one edit), else none. Ties go to the
 * first candidate, so the hint is the same on every run.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  const editsMax = Math.max(1, Math.floor(name.length / 3));
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = editDistance(name, candidate);
    if (edits <= editsMax && (best === undefined || edits < best.edits)) best = { candidate, edits };
  }
  return best?.candidate;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
